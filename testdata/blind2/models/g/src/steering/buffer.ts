import { randomUUID } from "node:crypto";
import { Inject, Injectable } from "../di/container";
import { STEERING_BUFFER, UPDATE_SINK } from "../di/tokens";
import type { UpdateSink } from "../acp/updates";
import { AppendLog } from "./append-log";

export enum SteeringKind {
  User = "user",
  Workflow = "workflow",
  System = "system",
}

export interface SteeringMessage {
  id: string;
  kind: SteeringKind;
  text: string;
  receivedAt: number;
  handlers: Set<string>;
}

function shortId(): string {
  return randomUUID().replace(/-/g, "").slice(0, 16);
}

@Injectable(STEERING_BUFFER)
export class SteeringBuffer extends AppendLog<SteeringMessage> {
  epoch = 0;

  constructor(@Inject(UPDATE_SINK) private readonly updates: UpdateSink) {
    super();
  }

  append(kind: SteeringKind, text: string): SteeringMessage {
    const prefix = kind === SteeringKind.User ? "steer" : "notify";
    const message = this.push({ id: `${prefix}-${shortId()}`, kind, text, receivedAt: Date.now(), handlers: new Set() });
    this.updates.steering("steering_queued", [message.id]);
    return message;
  }

  acknowledge(messageId: string, executionId: string): void {
    this.messageById.get(messageId)?.handlers.add(executionId);
  }

  isHandled(t: string): boolean {
    const r = this.messageById.get(t);
    return r !== undefined && r.handlers.size > 0;
  }

  clear(): string[] {
    return this.drop().map((m) => m.id);
  }

  bumpEpoch(): number {
    this.epoch += 1;
    return this.epoch;
  }
}
