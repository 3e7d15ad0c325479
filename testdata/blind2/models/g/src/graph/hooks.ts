import { Container, Injectable } from "../di/container";
import { CONTAINER, HOOK_DISPATCHER } from "../di/tokens";
import { Inject } from "../di/container";
import type { Token } from "../di/container";
import type { AgentExecution } from "../execution/agent-execution";
import type { GraphNode } from "./nodes";

interface HookRegistration {
  node: GraphNode;
  owner: Token;
  method: string;
  system: boolean;
}

const registrations: HookRegistration[] = [];
const ownerTokens = new WeakMap<Function, Token>();

/** Class decorator: which container token resolves the instance that owns the hook methods. */
export function HookOwner(tok: Token) {
  return (target: Function) => {
    ownerTokens.set(target, tok);
    for (const r of registrations) if ((r.owner as unknown) === target) r.owner = tok;
  };
}

/** Method decorator: run this method at `node` for every execution (system hooks also run with skipHooks). */
export function Hook(node: GraphNode, options: { system?: boolean } = {}) {
  return (target: object, method: string) => {
    registrations.push({ node, owner: target.constructor as unknown as Token, method, system: options.system === true });
  };
}

@Injectable(HOOK_DISPATCHER)
export class HookDispatcher {
  constructor(@Inject(CONTAINER) private readonly container: Container) {}

  async dispatch(node: GraphNode, execution: AgentExecution): Promise<void> {
    for (const r of registrations) {
      if (r.node !== node) continue;
      if (execution.skipHooks && !r.system) continue;
      const owner = this.container.resolve(r.owner) as Record<string, (e: AgentExecution) => unknown>;
      await owner[r.method](execution);
    }
  }
}
