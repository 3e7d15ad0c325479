// src/runtime/hooks.ts
import { execFile } from "node:child_process";
import type { HookSpec, Settings } from "../core/config.js";
import { createLogger } from "../core/log.js";

type Trigger = keyof Settings["hooks"];

const log = createLogger("hooks");

/** The user's agent hooks from settings. Executions built with skipHooks do not fire them. */
export class UserHooks {
  #byTrigger: Settings["hooks"];
  #cwd: string;

  constructor(hooks: Settings["hooks"], cwd: string) {
    this.#byTrigger = hooks;
    this.#cwd = cwd;
  }

  #run(spec: HookSpec, payload: object): Promise<number> {
    return new Promise((resolve) => {
      let child = execFile(process.env.SHELL || "/bin/sh", ["-c", spec.command], { cwd: this.#cwd, timeout: spec.timeoutMs }, (err) => {
        resolve(err ? Number((err as any).code ?? 1) : 0);
      });
      child.stdin?.end(JSON.stringify(payload));
    });
  }

  async fire(trigger: Trigger, payload: Record<string, unknown>): Promise<number[]> {
    let specs = this.#byTrigger[trigger];
    if (!specs.length) return [];
    let codes: number[] = [];
    for (let spec of specs) {
      if (spec.matcher && !new RegExp(spec.matcher).test(String(payload.tool ?? ""))) continue;
      codes.push(await this.#run(spec, payload));
    }
    log.debug(`fired ${trigger}`, { codes });
    return codes;
  }

  async blocks(trigger: Trigger, payload: Record<string, unknown>): Promise<boolean> {
    return (await this.fire(trigger, payload)).includes(2);
  }
}
