import { ids } from "../core/ids";

export type TranscriptPayloadType = "user" | "assistant" | "tool_call" | "tool_result" | "turn_start" | "turn_end";

export interface TranscriptLine {
  id: string;
  timestamp: string;
  payload: { type: TranscriptPayloadType; text?: string; name?: string };
}

/** messages.jsonl for the root, sub-executions/<id>.jsonl for the others (kept in memory here). */
export class TranscriptWriter {
  readonly messages: TranscriptLine[] = [];
  readonly subExecutions = new Map<string, TranscriptLine[]>();

  record(executionId: string | undefined, payload: TranscriptLine["payload"]): void {
    const line: TranscriptLine = { id: ids.transcriptEntry(), timestamp: new Date().toISOString(), payload };
    if (executionId === undefined) {
      this.messages.push(line);
      return;
    }
    let lines = this.subExecutions.get(executionId);
    if (lines === undefined) this.subExecutions.set(executionId, (lines = []));
    lines.push(line);
  }

  toJsonl(lines: readonly TranscriptLine[] = this.messages): string {
    return lines.map((line) => JSON.stringify(line)).join("\n");
  }
}
