import { readFileSync } from "node:fs";
import { AgentSession, type MemorySetting, type Turn } from "../session/session";

// Scenario mode only: `acp-server --scenario <file|->` plays one session and
// prints which steering each execution's prompts received.
interface Scenario {
  memoryExtraction?: MemorySetting;
  turns: Turn[];
}

function load(argv: string[]): Scenario {
  const at = argv.indexOf("--scenario");
  const source = at >= 0 ? argv[at + 1] : undefined;
  if (!source) {
    process.stderr.write("usage: acp-server --scenario <file.json|->\n");
    process.exit(2);
  }
  return JSON.parse(readFileSync(source === "-" ? 0 : source, "utf8")) as Scenario;
}

async function play(scenario: Scenario) {
  const session = new AgentSession("session-1", { systemPrompt: "You are Kiro.", workspace: process.cwd() });
  for (const turn of scenario.turns) {
    const memoryExtraction = "memoryExtraction" in turn ? turn.memoryExtraction : scenario.memoryExtraction;
    await session.prompt({ ...turn, memoryExtraction });
  }
  return {
    outcomes: session.outcomes,
    steeringEpoch: session.steeringEpoch,
    executions: session.services.executions.map((execution, i) => {
      const handed = execution.prompts.flat();
      return {
        id: `${(i + 1).toString(16).padStart(8, "0")}-${execution.agentName}`,
        agent: execution.agentName,
        depth: execution.subExecutionDepth,
        received: handed.map((p) => p.messageId),
        receivedText: handed.map((p) => p.text),
        prompts: execution.prompts.length,
        drainRetries: execution.drainRetryCount,
        exhausted: execution.steeringExhausted,
        cursor: execution.steeringReaderIndex,
      };
    }),
  };
}

play(load(process.argv.slice(2))).then(
  (report) => process.stdout.write(`${JSON.stringify(report)}\n`),
  (error: unknown) => {
    process.stderr.write(`acp-server: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exitCode = 1;
  },
);
