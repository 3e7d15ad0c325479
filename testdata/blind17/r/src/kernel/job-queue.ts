// A FIFO job queue with bounded concurrency. Background work of a session
// (memory extraction, title generation) goes through it; the turn boundary
// waits for it to go idle before it clears per-turn state.
export interface JobRecord {
  id: number;
  name: string;
  state: "queued" | "running" | "done" | "failed";
  error?: string;
}

type Task = () => Promise<unknown>;

export class JobQueue {
  private readonly pending: Array<{ record: JobRecord; task: Task }>;
  private readonly records: JobRecord[];
  private running: number;
  private nextId: number;
  private idleWaiters: Array<() => void>;

  constructor(private readonly concurrency = 1, private readonly onError?: (job: JobRecord, err: unknown) => void) {
    this.pending = [];
    this.records = [];
    this.running = 0;
    this.nextId = 1;
    this.idleWaiters = [];
  }

  enqueue(name: string, task: Task): JobRecord {
    const record: JobRecord = { id: this.nextId++, name, state: "queued" };
    this.records.push(record);
    if (this.records.length > 200) this.records.shift();
    this.pending.push({ record, task });
    this.pump();
    return record;
  }

  private pump(): void {
    while (this.running < this.concurrency && this.pending.length > 0) {
      const { record, task } = this.pending.shift()!;
      this.running++;
      record.state = "running";
      task()
        .then(
          () => {
            record.state = "done";
          },
          (err) => {
            record.state = "failed";
            record.error = err instanceof Error ? err.message : String(err);
            this.onError?.(record, err);
          },
        )
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.pending.length === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            for (const w of waiters) w();
          }
        });
    }
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  history(): readonly JobRecord[] {
    return this.records;
  }
}
