import { describe, expect, it } from "vitest";
import { profilesReading, refuseFlags, type GivenFlag } from "../../src/cli/profile-flags.js";
import { getProfile } from "../../src/profiles/index.js";

describe("refuseFlags", () => {
  const cases: [string, string, GivenFlag[], string | undefined][] = [
    ["takes codex's flags under codex", "codex", [["--sandbox", "turn-context discovery"]], undefined],
    ["takes --home under pi", "pi", [["--home", "harness discovery"]], undefined],
    ["takes nothing given", "claude-code", [], undefined],
    [
      "refuses one flag in one line",
      "pi",
      [["--sandbox", "turn-context discovery"]],
      "--sandbox cannot be used with --profile pi: it feeds the turn-context discovery of codex and promptc",
    ],
    [
      "refuses --home under codex",
      "codex",
      [["--home", "harness discovery"]],
      "--home cannot be used with --profile codex: it feeds the harness discovery of claude-code, gemini-cli and pi",
    ],
    [
      "names every refused flag, grouped by what reads them",
      "gemini-cli",
      [
        ["--sandbox", "turn-context discovery"],
        ["--shell", "turn-context discovery"],
        ["--model", "harness discovery"],
        ["--session", "envelope layout"],
      ],
      "--sandbox, --shell, --session cannot be used with --profile gemini-cli: --sandbox, --shell feed the turn-context discovery of codex and promptc; --session feeds the envelope layout of codex and promptc",
    ],
  ];
  it.each(cases)("%s", (_, id, given, expected) => {
    expect(refuseFlags(getProfile(id), given)).toBe(expected);
  });

  it("derives who takes a flag from the registry's data", () => {
    expect([profilesReading("harness discovery"), profilesReading("envelope layout")]).toEqual([
      ["claude-code", "gemini-cli", "pi"],
      ["codex", "promptc"],
    ]);
  });
});
