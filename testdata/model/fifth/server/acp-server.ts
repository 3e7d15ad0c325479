import { readFileSync } from "node:fs";
import { KasSession, type PromptRequest } from "../session/kas-session";

// Scenario mode: plays a JSON list of turns against one session and prints
// which steering each execution's prompts were handed.
type Scenario = Pick<PromptRequest, "memoryExtraction"> & { turns: PromptRequest[] };

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const file = args[args.indexOf("--scenario") + 1];
  if (!args.includes("--scenario") || !file) {
    process.stderr.write("usage: acp-server --scenario <file.json|->\n");
    process.exit(2);
  }
  const scenario = JSON.parse(readFileSync(file === "-" ? 0 : file, "utf8")) as Scenario;
  const session = new KasSession("session-1", { systemPrompt: "You are Kiro.", workspace: process.cwd() });
  for (const turn of scenario.turns) await session.prompt({ memoryExtraction: scenario.memoryExtraction, ...turn });
  const executions = session.services.created.map((execution, n) => {
    const items = execution.prompts.flat();
    return {
      id: `${(n + 1).toString(16).padStart(8, "0")}-${execution.agentName}`,
      agent: execution.agentName,
      depth: execution.subExecutionDepth,
      received: items.map((item) => item.id),
      receivedText: items.map((item) => item.text),
      prompts: execution.prompts.length,
      drainRetries: execution.drainRetryCount,
      exhausted: execution.steeringExhausted,
      cursor: execution.steeringReaderIndex,
    };
  });
  process.stdout.write(`${JSON.stringify({ outcomes: session.outcomes, steeringEpoch: session.steeringEpoch, executions })}\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`acp-server: ${error.stack ?? error}\n`);
  process.exit(1);
});
