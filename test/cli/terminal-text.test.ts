import { describe, expect, it } from "vitest";
import { sanitizeTerminalText } from "../../src/cli/terminal-text.js";

describe("sanitizeTerminalText", () => {
  it.each([
    ["plain text", "plain text"],
    ["keeps\nnewline\tand tab", "keeps\nnewline\tand tab"],
    ["crlf\r\nkept", "crlf\r\nkept"],
    ["lone\rcr", "lone\\u{d}cr"],
    ["\u001b[2Jclear", "\\u{1b}[2Jclear"],
    ["\u001b]0;title\u0007", "\\u{1b}]0;title\\u{7}"],
    ["\u001b]52;c;ZXZpbA==\u001b\\", "\\u{1b}]52;c;ZXZpbA==\\u{1b}\\"],
    ["c1 \u009b2J and \u0085", "c1 \\u{9b}2J and \\u{85}"],
    ["del\u007f nul\u0000", "del\\u{7f} nul\\u{0}"],
    ["bidi \u202eevil\u202c \u2066iso\u2069", "bidi \\u{202e}evil\\u{202c} \\u{2066}iso\\u{2069}"],
    ["emoji 🧑‍💻 and é stay", "emoji 🧑‍💻 and é stay"],
  ])("escapes %j", (input, expected) => {
    expect(sanitizeTerminalText(input)).toBe(expected);
    expect(sanitizeTerminalText(input, { keepColor: true })).toBe(expected);
  });

  it("keeps promptc's own colour sequences only when colour is on", () => {
    const styled = "\u001b[31merror\u001b[39m \u001b[2J";
    expect(sanitizeTerminalText(styled, { keepColor: true })).toBe("\u001b[31merror\u001b[39m \\u{1b}[2J");
    expect(sanitizeTerminalText(styled)).toBe("\\u{1b}[31merror\\u{1b}[39m \\u{1b}[2J");
  });
});
