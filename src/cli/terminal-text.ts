// The one sanitiser for text bound for a terminal: C0/C1 controls (but newline, tab and a CR before LF) and bidi
// overrides/isolates become visible `\u{…}` escapes, so data can neither move the cursor nor hide text. promptc's
// own colours are not SGR until this writer: the styles emit a private marker keyed by a secret drawn once per
// process, so no byte of data (which never sees the key) can produce an escape sequence, colour on or off.
import { createRequire } from "node:module";
import { escapeTerminalControls } from "./escape-terminal-controls.js";

const OPEN = "\ue000";
const CLOSE = "\ue001";
/**
 * The per-process key of promptc's colour markers (never printed) and the markers it makes, drawn on the first
 * marker: most runs print none, and node:crypto costs every run that loads it a dozen internal modules.
 */
let marker: { key: string; pattern: RegExp } | undefined;
function markerKey(): { key: string; pattern: RegExp } {
  if (marker === undefined) {
    const { randomBytes } = createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
    const key = randomBytes(16).toString("hex");
    marker = { key, pattern: new RegExp(`${OPEN}${key}([0-9;]{1,16})${CLOSE}`, "g") };
  }
  return marker;
}

/**
 * promptc's own colour: a private marker for SGR `codes` (`"31"`, `"1;33"`) that the terminal writer turns into
 * `ESC[<codes>m` when colour is on and drops when it is off. Text that merely looks like one stays as it is.
 */
export function ownSgr(codes: string): string {
  return `${OPEN}${markerKey().key}${codes}${CLOSE}`;
}

export interface SanitizeTerminalOptions {
  /**
   * Turn promptc's colour markers (`ownSgr`) into SGR sequences; every escape sequence in the text itself is
   * escaped either way. Off when the verb prints without colour: the markers are dropped then.
   */
  keepColor?: boolean;
}

/** `text` with every terminal control shown as `\u{hex}`; newline and tab stay. Idempotent on its colourless output. */
export function sanitizeTerminalText(text: string, options: SanitizeTerminalOptions = {}): string {
  const escaped = escapeTerminalControls(text);
  // No marker made yet: none can be in the text (data never sees a key).
  if (marker === undefined || !escaped.includes(OPEN)) return escaped;
  return escaped.replace(marker.pattern, (_m, codes: string) => (options.keepColor ? `\u001b[${codes}m` : ""));
}

/** Writers of a CLI run: `stdout`/`stderr` for people (sanitised), `stdoutExact` for machine formats. */
export interface TerminalWriters {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutExact: (text: string) => void;
}

/**
 * Wraps raw stream writers: everything written for people is sanitised; JSON, SARIF and request bodies go through
 * `stdoutExact` unchanged (JSON already escapes C0; C1 and bidi characters are the data's exact text).
 */
export function createTerminalWriters(
  raw: { stdout: (text: string) => void; stderr: (text: string) => void },
  options: SanitizeTerminalOptions,
): TerminalWriters {
  return {
    stdout: (text) => raw.stdout(sanitizeTerminalText(text, options)),
    stderr: (text) => raw.stderr(sanitizeTerminalText(text, options)),
    stdoutExact: raw.stdout,
  };
}
