import { describe, expect, it } from "vitest";
import { formatDiagnostic, relativeTo } from "../../../src/cli/format/format-diagnostic.js";
import { createStyle } from "../../../src/cli/format/style.js";

describe("relativeTo", () => {
  it.each([
    ["/repo/a", "/repo/a/AGENTS.md", "AGENTS.md"],
    ["/repo/a/b", "/repo/AGENTS.md", "../../AGENTS.md"],
    ["/repo/a", "/repo/a", "."],
    ["/repo", "/etc/codex/skills/x", "/etc/codex/skills/x"],
    ["/repo", "relative/path", "relative/path"],
  ])("from %s to %s is %s", (base, path, expected) => {
    expect(relativeTo(base, path)).toBe(expected);
  });
});

describe("formatDiagnostic", () => {
  it("shows severity, relative file with place, message and rule", () => {
    const line = formatDiagnostic(
      {
        rule: "agents-md/truncated",
        severity: "warning",
        message: "kept 2 of 3 bytes",
        file: "/r/a/AGENTS.md",
        place: { line: 1, column: 2 },
      },
      createStyle(false),
      "/r",
    );
    expect(line).toBe("  warning  a/AGENTS.md:1:2: kept 2 of 3 bytes  agents-md/truncated");
  });

  it("does not repeat a file the message already names", () => {
    const line = formatDiagnostic(
      { rule: "x/y", severity: "error", message: "/r/f: bad", file: "/r/f" },
      createStyle(false),
    );
    expect(line).toBe("  error    /r/f: bad  x/y");
  });
});
