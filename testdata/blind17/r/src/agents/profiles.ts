import { LruCache } from "../kernel/lru.js";

export interface AgentProfile {
  name: string;
  system: string;
  tools: string[] | "*";
  maxToolRounds: number;
}

const BUILTIN: Record<string, Partial<AgentProfile>> = {
  "chat-agent": { system: "You are Kiro, an AI assistant and IDE agent.", tools: "*", maxToolRounds: 64 },
  "memory-extraction": { system: "You extract durable memories from a conversation.", tools: [], maxToolRounds: 1 },
  "title-generator": { system: "You write a short title for a conversation.", tools: [], maxToolRounds: 1 },
};

/** Resolves agent profiles; custom agents get the general-purpose profile. */
export class ProfileCatalog {
  private readonly cache: LruCache<string, AgentProfile>;

  constructor(capacity = 32) {
    this.cache = new LruCache(capacity);
  }

  resolve(name: string): AgentProfile {
    return this.cache.getOrCreate(name, (n) => {
      const base = BUILTIN[n] ?? {};
      return {
        name: n,
        system: base.system ?? `You are ${n}, a sub-agent. Complete the task you are given and report back.`,
        tools: base.tools ?? "*",
        maxToolRounds: base.maxToolRounds ?? 32,
      };
    });
  }

  allows(name: string, tool: string): boolean {
    const tools = this.resolve(name).tools;
    return tools === "*" || tools.includes(tool);
  }

  stats() {
    return this.cache.stats();
  }
}
