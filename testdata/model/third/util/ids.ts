import { randomUUID } from "node:crypto";

/** Module-level sequence for workflow/system notices; never reset within a process. */
let noticeSequence = 0;

export function nextNoticeId(): string {
  noticeSequence += 1;
  return `notify-${noticeSequence}`;
}

export function newExecutionId(): string {
  return randomUUID();
}
