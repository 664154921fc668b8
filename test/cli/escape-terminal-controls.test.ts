// Controls in data reach a terminal as visible escapes; newline, tab and a CR before LF stay.
import { describe, expect, it } from "vitest";
import { escapeTerminalControls } from "../../src/cli/escape-terminal-controls.js";

describe("escapeTerminalControls", () => {
  it.each([
    ["/w/plain folder", "/w/plain folder"],
    ["/w/\u001b[31mred", "/w/\\u{1b}[31mred"],
    ["a\rb", "a\\u{d}b"],
    ["line\r\nnext\tcell", "line\r\nnext\tcell"],
    ["del\u007f c1\u009b", "del\\u{7f} c1\\u{9b}"],
    ["bidi\u202eevil\u2066", "bidi\\u{202e}evil\\u{2066}"],
  ])("%j", (text, shown) => {
    expect(escapeTerminalControls(text)).toBe(shown);
  });
});
