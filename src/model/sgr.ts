// How a pure formatter switches terminal rendition (colour, bold): the CLI passes one whose output data cannot
// forge (src/cli/terminal-text.ts); the default writes the real SGR sequence, for callers outside the CLI. Pure.

/** The bytes that select rendition `codes` (`"31"`, `"1;33"`, `"0"`). */
export type Sgr = (codes: string) => string;

/** The real `ESC[<codes>m` sequence. */
export const rawSgr: Sgr = (codes) => `\u001b[${codes}m`;
