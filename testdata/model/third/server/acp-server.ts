import { readFileSync } from "node:fs";
import { ScenarioDriver } from "../scenario/scenario-driver";
import { parseScenario } from "../scenario/scenario-types";
import { describeError } from "../util/errors";

/**
 * Kiro agent server (model). The real server speaks ACP over stdio; this model
 * only has scenario mode: `acp-server --scenario <file.json|->` plays one
 * scripted session and prints a one-line JSON report of who received which
 * steering.
 */
const USAGE = "usage: acp-server --scenario <file.json|->\n";

enum ExitCode {
  Ok = 0,
  Failure = 1,
  Usage = 2,
}

function scenarioArgument(argv: readonly string[]): string | undefined {
  const flag = argv.indexOf("--scenario");
  return flag >= 0 ? argv[flag + 1] : undefined;
}

async function main(argv: readonly string[]): Promise<ExitCode> {
  const source = scenarioArgument(argv);
  if (!source) {
    process.stderr.write(USAGE);
    return ExitCode.Usage;
  }
  const text = readFileSync(source === "-" ? 0 : source, "utf8");
  const report = await new ScenarioDriver(parseScenario(text), process.cwd()).play();
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return ExitCode.Ok;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== ExitCode.Ok) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`acp-server: ${error instanceof Error && error.stack ? error.stack : describeError(error)}\n`);
    process.exitCode = ExitCode.Failure;
  },
);
