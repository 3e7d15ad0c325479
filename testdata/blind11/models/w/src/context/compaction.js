import { logger } from "../lib/log.js";

/** Conversations longer than this are summarised before the next model call. */
export const COMPACTION_THRESHOLD = 160;

const SUMMARY_PROMPT =
  "Summarise the conversation below for the agent that will continue it: goals, decisions, open work, file paths. Be terse.";

/**
 * Replaces a long history with a summary written by a compaction sub-execution.
 * @param {import("../agent/graph.js").GraphState} state
 */
export async function compactConversation(state) {
  const compactor = state.execution.fork({ agentName: "context-compaction", skipHooks: true });
  const transcript = state.messages.map((m) => `${m.role}: ${m.text}`).join("\n");
  const summary = await state.runner.run(compactor, `${SUMMARY_PROMPT}\n\n${transcript}`);
  logger.info(`compacted ${state.messages.length} messages of ${state.execution.agentName}`);
  return {
    ...state,
    messages: [state.messages[0], { role: "user", text: `Summary of the work so far:\n${summary}` }],
  };
}
