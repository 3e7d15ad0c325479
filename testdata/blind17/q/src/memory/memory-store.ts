import { Injectable } from "../di/container.js";

export interface MemoryItem {
  text: string;
  source: string;
  at: number;
}

@Injectable("memoryStore", { scope: "session" })
export class MemoryStore {
  private readonly items: MemoryItem[] = [];
  private readonly seen = new Set<string>();

  add(text: string, source: string): boolean {
    const key = text.trim().toLowerCase();
    if (!key || this.seen.has(key)) return false;
    this.seen.add(key);
    this.items.push({ text: text.trim(), source, at: Date.now() });
    return true;
  }

  list(): MemoryItem[] {
    return [...this.items];
  }
}
