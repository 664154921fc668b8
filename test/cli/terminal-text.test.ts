import { describe, expect, it } from "vitest";
import { ownSgr, sanitizeTerminalText } from "../../src/cli/terminal-text.js";

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

  it("turns promptc's own colour markers into SGR only when colour is on", () => {
    const styled = `${ownSgr("31")}error${ownSgr("39")} \u001b[2J`;
    expect(sanitizeTerminalText(styled, { keepColor: true })).toBe("\u001b[31merror\u001b[39m \\u{1b}[2J");
    expect(sanitizeTerminalText(styled)).toBe("error \\u{1b}[2J");
  });

  it("escapes SGR sequences that come from data, even when colour is on", () => {
    const data = "\u001b[31mred\u001b[0m \u001b]0;title\u0007";
    expect(sanitizeTerminalText(data, { keepColor: true })).toBe("\\u{1b}[31mred\\u{1b}[0m \\u{1b}]0;title\\u{7}");
  });

  it("does not honour a marker without the process's key", () => {
    const forged = "\ue00000000000000000000000000000000031\ue001x";
    expect(sanitizeTerminalText(forged, { keepColor: true })).toBe(forged);
  });
});
