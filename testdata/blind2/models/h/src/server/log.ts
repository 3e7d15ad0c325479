export const logLines: string[] = [];
