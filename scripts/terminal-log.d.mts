/** One JSON log line → the text to print, or null to print nothing (see terminal-log.mjs). */
export function terminalLine(line: string, options?: { verbose?: boolean }): string | null;
