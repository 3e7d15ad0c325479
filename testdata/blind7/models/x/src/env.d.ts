declare const process: { cwd(): string; env: Record<string, string | undefined> };
