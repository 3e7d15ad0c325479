import type { CompactionSettings } from "../context/compaction";
import type { MemorySettings } from "../memory/memory-extraction";
import type { UserHook } from "./services";

export interface SessionSettings {
  workspace: string;
  maxSubAgentDepth: number;
  memory: MemorySettings;
  compaction: CompactionSettings;
  hooks: UserHook[];
}

export function defaultSettings(overrides: Partial<SessionSettings> = {}): SessionSettings {
  return {
    workspace: process.cwd(),
    maxSubAgentDepth: 5,
    memory: { enabled: true },
    compaction: { maxEntries: 400, keepRecent: 40 },
    hooks: [],
    ...overrides,
  };
}
