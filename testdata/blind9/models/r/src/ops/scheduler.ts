// A small cooperative task scheduler for background work (telemetry flush, session
// snapshot, lock heartbeat). Tasks are ordered by due time then priority; timers are
// unref'd so an idle server never stays up just for housekeeping.

import { createLogger } from "../util/log";

const schedLog = createLogger("[Scheduler]");

export type TaskPriority = 0 | 1 | 2;

export interface ScheduledTask {
  readonly id: number;
  readonly name: string;
  readonly priority: TaskPriority;
  dueAt: number;
  readonly intervalMs?: number;
  readonly run: () => void | Promise<void>;
  cancelled: boolean;
  runs: number;
}

export interface SchedulerOptions {
  now?: () => number;
  maxConcurrent?: number;
}

export class TaskScheduler {
  private readonly queue: ScheduledTask[] = [];
  private nextId = 1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = 0;
  private stopped = false;
  private readonly now: () => number;
  private readonly maxConcurrent: number;

  constructor(options: SchedulerOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxConcurrent = options.maxConcurrent ?? 2;
  }

  schedule(name: string, delayMs: number, run: () => void | Promise<void>, priority: TaskPriority = 1): ScheduledTask {
    return this.insert({ id: this.nextId++, name, priority, dueAt: this.now() + delayMs, run, cancelled: false, runs: 0 });
  }

  every(name: string, intervalMs: number, run: () => void | Promise<void>, priority: TaskPriority = 2): ScheduledTask {
    return this.insert({ id: this.nextId++, name, priority, dueAt: this.now() + intervalMs, intervalMs, run, cancelled: false, runs: 0 });
  }

  cancel(task: ScheduledTask): void {
    task.cancelled = true;
    const at = this.queue.indexOf(task);
    if (at >= 0) this.queue.splice(at, 1);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }

  pending(): readonly ScheduledTask[] {
    return this.queue;
  }

  private insert(task: ScheduledTask): ScheduledTask {
    if (this.stopped) {
      task.cancelled = true;
      return task;
    }
    let i = this.queue.length;
    while (i > 0) {
      const prev = this.queue[i - 1];
      if (prev.dueAt < task.dueAt || (prev.dueAt === task.dueAt && prev.priority <= task.priority)) break;
      i--;
    }
    this.queue.splice(i, 0, task);
    this.arm();
    return task;
  }

  private arm(): void {
    if (this.stopped || this.queue.length === 0) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, this.queue[0].dueAt - this.now());
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref?.();
  }

  private tick(): void {
    this.timer = undefined;
    const now = this.now();
    while (this.queue.length > 0 && this.queue[0].dueAt <= now && this.running < this.maxConcurrent) {
      const task = this.queue.shift()!;
      if (task.cancelled) continue;
      this.execute(task);
    }
    this.arm();
  }

  private execute(task: ScheduledTask): void {
    this.running += 1;
    task.runs += 1;
    Promise.resolve()
      .then(() => task.run())
      .catch((err) => schedLog.error(`task ${task.name}#${task.id} failed`, err))
      .finally(() => {
        this.running -= 1;
        if (task.intervalMs !== undefined && !task.cancelled && !this.stopped) {
          task.dueAt = this.now() + task.intervalMs;
          this.insert(task);
        } else {
          this.arm();
        }
      });
  }
}

let shared: TaskScheduler | undefined;

export function backgroundScheduler(): TaskScheduler {
  shared ??= new TaskScheduler();
  return shared;
}
