import { readFileSync } from "node:fs";
import { AcpSession, type TurnRequest } from "../session/session";

// Scenario mode stands in for an ACP client: a JSON file lists the turns of one
// session; the report says which steering each execution's prompts received.
interface Scenario {
  memoryExtraction?: TurnRequest["memoryExtraction"];
  turns: TurnRequest[];
}

function usage(): never {
  process.stderr.write("usage: acp-server --scenario <file.json|->\n");
  process.exit(2);
}

async function runScenario(scenario: Scenario) {
  const session = new AcpSession("session-1", { systemPrompt: "You are Kiro.", workspace: process.cwd() });
  for (const turn of scenario.turns) {
    await session.prompt({ memoryExtraction: scenario.memoryExtraction, ...turn });
  }
  return {
    outcomes: session.outcomes.map((o) => o.outcome),
    steeringEpoch: session.steeringEpoch,
    executions: session.registry.executions.map((execution) => ({
      id: execution.executionId,
      agent: execution.agentName,
      depth: execution.subExecutionDepth,
      received: execution.prompts.flat().map((m) => m.id),
      receivedText: execution.prompts.flat().map((m) => m.text),
      prompts: execution.prompts.length,
      drainRetries: execution.drainRetryCount,
      exhausted: execution.steeringExhausted,
      cursor: execution.steeringReaderIndex,
    })),
  };
}

async function main(argv: string[]): Promise<void> {
  const at = argv.indexOf("--scenario");
  if (at < 0 || !argv[at + 1]) usage();
  const source = argv[at + 1] === "-" ? readFileSync(0, "utf8") : readFileSync(argv[at + 1], "utf8");
  const report = await runScenario(JSON.parse(source) as Scenario);
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`acp-server: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
