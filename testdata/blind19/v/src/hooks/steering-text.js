const wording = {
  recap: (t) => `While you delegated work to subagent(s), the user sent this message. Fold it into your plan:\n${t}`,
  active: (t) => `The user sent new guidance mid-task. Please adjust your approach as the currently active agent:\n${t}`,
  info: (t) => `Notification (informational only, no reply needed):\n${t}`,
};

export function steeringPrompt(target, item) {
  if (item.kind !== "user") return `[NOTIFY ${item.id}] ${wording.info(item.text)}`;
  const someoneElse = [...item.handlers].some((h) => h !== target.executionId);
  return `[STEERING ${item.id}] ${(someoneElse ? wording.recap : wording.active)(item.text)}`;
}
