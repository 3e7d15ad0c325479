import { runExecution } from "../execution/build-graph.js";
import { extractMemories } from "../memory/extract-memories.js";

const CONTINUATION_PROMPT = "Continue. The user added guidance after your last answer; take it into account.";

/** One prompt turn: the root run, a continuation if steering arrived at the very end, then memory extraction. */
export async function runPromptTurn(session, text) {
  const { graph, sessionServices: services } = session;
  let D = session.createRootExecution();
  session.eventAdapter.setOwnedExecutionId(D.executionId);
  let answer = await runExecution(graph, D, text);
  const N = D.steeringReaderIndex;
  const O = N < services.liveSteering.messages.length;
  if (O) {
    D = session.createRootExecution();
    D.setSteeringReaderIndex(N);
    session.eventAdapter.setOwnedExecutionId(D.executionId);
    answer = await runExecution(graph, D, CONTINUATION_PROMPT);
  }
  await extractMemories(graph, D, services.settings);
  return answer;
}
