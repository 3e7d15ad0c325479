// All logging goes to stderr; stdout is the protocol channel.
type Severity = "debug" | "info" | "warn" | "error";

const WEIGHT: Record<Severity, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export class Logger {
  readonly scope: string;
  private readonly floor: number;

  constructor(scope: string, floor: number = WEIGHT.info) {
    this.scope = scope;
    this.floor = floor;
  }

  child(name: string): Logger {
    return new Logger(`${this.scope}.${name}`, this.floor);
  }

  private write(severity: Severity, message: string): void {
    if (WEIGHT[severity] < this.floor) return;
    process.stderr.write(`[${severity}] (${this.scope}) ${message}\n`);
  }

  debug(message: string): void {
    this.write("debug", message);
  }
  info(message: string): void {
    this.write("info", message);
  }
  warn(message: string): void {
    this.write("warn", message);
  }
  error(message: string): void {
    this.write("error", message);
  }
}

const requested = process.env.KAS_LOG_LEVEL as Severity | undefined;
export const logger = new Logger("kas", requested && requested in WEIGHT ? WEIGHT[requested] : WEIGHT.info);
