// The one sanitiser for text bound for a terminal: C0/C1 controls (but newline, tab and a CR before LF) and bidi
// overrides/isolates become visible `\u{…}` escapes, so data can neither move the cursor nor hide text. Pure.

/** What a terminal would act on: C0 but tab and newline, DEL, C1, and the bidi embedding/override/isolate controls. */
const TERMINAL_CONTROL = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** promptc's own colours: the SGR sequences its styles emit (`ESC[<n>m`), kept when colour is on. */
const OWN_SGR = /\u001b\[\d{1,2}m/g;

function escapeControl(ch: string): string {
  return `\\u{${(ch.codePointAt(0) as number).toString(16)}}`;
}

export interface SanitizeTerminalOptions {
  /**
   * Keep the SGR colour sequences promptc's styles emit (`ESC[31m`, `ESC[0m`, …); every other escape sequence is
   * escaped. Off when the verb prints without colour, so nothing raw reaches the terminal then.
   */
  keepColor?: boolean;
}

/** `text` with every terminal control shown as `\u{hex}`; newline and tab stay. Idempotent on its own output. */
export function sanitizeTerminalText(text: string, options: SanitizeTerminalOptions = {}): string {
  TERMINAL_CONTROL.lastIndex = 0;
  if (!TERMINAL_CONTROL.test(text)) return text;
  if (!options.keepColor || !text.includes("\u001b[")) return text.replace(TERMINAL_CONTROL, escapeControl);
  let out = "";
  let last = 0;
  OWN_SGR.lastIndex = 0;
  for (const m of text.matchAll(OWN_SGR)) {
    out += text.slice(last, m.index).replace(TERMINAL_CONTROL, escapeControl) + m[0];
    last = m.index + m[0].length;
  }
  return out + text.slice(last).replace(TERMINAL_CONTROL, escapeControl);
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
