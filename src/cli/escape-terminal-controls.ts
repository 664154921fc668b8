// Terminal controls in text shown as `\u{hex}`: C0 but tab and newline (and a CR before LF), DEL, C1, and the bidi
// embedding/override/isolate controls, so data can neither move the cursor nor hide text. On its own so bin.ts can
// use it without terminal-text.ts's colour markers. Pure.

const TERMINAL_CONTROL = /\r(?!\n)|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function escapeControl(ch: string): string {
  return `\\u{${(ch.codePointAt(0) as number).toString(16)}}`;
}

export function escapeTerminalControls(text: string): string {
  return text.replace(TERMINAL_CONTROL, escapeControl);
}
