import type { Logger } from "../util/logger";

export type SteeringKind = "user" | "system";

export interface SteeringMessage {
  readonly id: string;
  readonly kind: SteeringKind;
  readonly text: string;
  readonly handlers: Set<string>;
}

// Session-owned; each execution reads it with its own steeringReaderIndex.
export class SteeringBuffer {
  #messages: SteeringMessage[] = [];
  #index = new Map<string, SteeringMessage>();
  #issued = 0;
  readonly #log: Logger | undefined;

  constructor(log?: Logger) {
    this.#log = log;
  }

  get length(): number {
    return this.#messages.length;
  }

  messageAt(position: number): SteeringMessage | undefined {
    return this.#messages[position];
  }

  enqueue(kind: SteeringKind, text: string): SteeringMessage {
    const id = `${kind === "user" ? "steer" : "notify"}-${++this.#issued}`;
    const message: SteeringMessage = { id, kind, text, handlers: new Set() };
    this.#messages.push(message);
    this.#index.set(id, message);
    this.#log?.debug(`enqueued ${id} (${kind})`);
    return message;
  }

  // Records that an execution handled a message; moves no cursor and delivers nothing.
  acknowledge(id: string, executionId: string): boolean {
    const message = this.#index.get(id);
    if (!message) return false;
    message.handlers.add(executionId);
    return true;
  }

  isHandled(id: string): boolean {
    const message = this.#index.get(id);
    return message !== undefined && message.handlers.size > 0;
  }

  clear(reason: string): void {
    this.#log?.debug(`clear (${reason}): ${this.#messages.length} message(s) dropped`);
    this.#messages = [];
    this.#index.clear();
  }
}
