// Spec-mode plan verification, started by the client through _session/plan/verify.

import { AgentExecution } from "../runtime/execution";
import type { ExecutionRunner } from "./subagent";

export async function verifyPlan(owner: AgentExecution, plan: string, run: ExecutionRunner): Promise<{ ok: boolean; notes: string }> {
  const level = owner.subExecutionDepth;
  const verifier = new AgentExecution({
    sessionServices: owner.sessionServices,
    subExecutionDepth: level + 1,
    promptContext: { ...owner.promptContext, mode: "spec" },
    signal: owner.abortController.signal,
    agentName: "plan-verifier",
  });
  const out = await run(verifier, `Check this plan for missing steps and risky changes:\n${plan}`);
  const notes = out.reply?.text ?? "";
  return { ok: !/\bBLOCK\b/.test(notes), notes };
}
