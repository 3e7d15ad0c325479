// src/hooks/hook-runner.ts
import { spawn } from "node:child_process";
import { Logger } from "../logging/logger.js";

export enum HookTrigger {
  AgentSpawn = "agentSpawn",
  UserPromptSubmit = "userPromptSubmit",
  PreToolUse = "preToolUse",
  PostToolUse = "postToolUse",
  Stop = "stop",
}

export interface HookDefinition {
  trigger: HookTrigger;
  command: string;
  matcher?: string;
  timeoutMs?: number;
}

export interface HookResult {
  hook: HookDefinition;
  exitCode: number | null;
  stdout: string;
  blocked: boolean;
}

/** Runs the user's configured agent hooks. Executions built with skipHooks never reach it. */
export class HookRunner {
  readonly #hooks: HookDefinition[] = [];
  readonly #log = new Logger("hooks");
  #runs = 0;

  register(def: HookDefinition): void {
    this.#hooks.push(def);
  }

  has(trigger: HookTrigger): boolean {
    return this.#hooks.some((h) => h.trigger === trigger);
  }

  async run(trigger: HookTrigger, payload: Record<string, unknown>, cwd: string): Promise<HookResult[]> {
    const matching = this.#hooks.filter(
      (h) => h.trigger === trigger && (!h.matcher || new RegExp(h.matcher).test(String(payload.tool ?? ""))),
    );
    const results: HookResult[] = [];
    for (const hook of matching) {
      this.#runs++;
      results.push(await this.#exec(hook, payload, cwd));
    }
    return results;
  }

  #exec(hook: HookDefinition, payload: Record<string, unknown>, cwd: string): Promise<HookResult> {
    return new Promise((resolve) => {
      const child = spawn(process.env.SHELL || "/bin/sh", ["-c", hook.command], { cwd, stdio: ["pipe", "pipe", "ignore"] });
      let stdout = "";
      const timer = setTimeout(() => child.kill("SIGTERM"), hook.timeoutMs ?? 30_000);
      timer.unref();
      child.stdout.on("data", (d) => (stdout += String(d)));
      child.on("close", (code) => {
        clearTimeout(timer);
        this.#log.debug(`hook ${hook.trigger} exited`, { code });
        resolve({ hook, exitCode: code, stdout, blocked: code === 2 });
      });
      child.on("error", () => resolve({ hook, exitCode: null, stdout, blocked: false }));
      child.stdin.end(JSON.stringify(payload));
    });
  }

  get runCount(): number {
    return this.#runs;
  }
}
