import { createLogger } from "../util/logger";

const log = createLogger("kas.hooks");

export type HookEvent = "agentSpawn" | "userPromptSubmit" | "preModelInvoke" | "preToolUse" | "postToolUse" | "stop";

export interface HookContext {
  executionId: string;
  agentName: string;
  toolName?: string;
}

export type HookHandler = (context: HookContext) => void | Promise<void>;

/** User-configured agent hooks (.kiro/hooks). Internal executions skip them. */
export class HookRunner {
  private readonly handlers = new Map<HookEvent, HookHandler[]>();

  on(event: HookEvent, handler: HookHandler): () => void {
    const list = this.handlers.get(event) ?? [];
    list.push(handler);
    this.handlers.set(event, list);
    return () => {
      const index = list.indexOf(handler);
      if (index >= 0) list.splice(index, 1);
    };
  }

  async run(event: HookEvent, context: HookContext): Promise<void> {
    const list = this.handlers.get(event);
    if (!list || list.length === 0) return;
    for (const handler of [...list]) {
      try {
        await handler(context);
      } catch (error) {
        log.warn(`hook ${event} failed for ${context.agentName}: ${String(error)}`);
      }
    }
  }
}
