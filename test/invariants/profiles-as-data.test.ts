// Behaviour is carried by profile data: nothing outside src/profiles/ branches on a profile's name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SRC, sourceFiles } from "./source-files.js";

/** `profile.id === …`, `profile === "codex"`, `options.profile !== "promptc"`, a `switch (profile)` over names. */
const NAME_CHECKS = [
  /\bprofile(?:Id)?\.id\s*[!=]==/,
  /(?<!typeof\s)\bprofile(?:Id)?\s*[!=]==\s*["']/,
  /\.profile\s*[!=]==\s*["']/,
  /["'](?:codex|promptc)["']\s*[!=]==\s*\w*profile/i,
  /case\s+["'](?:codex|promptc)["']:/,
];

describe("profiles as data", () => {
  it("has no check of a profile's name outside src/profiles/", () => {
    const hits = sourceFiles()
      .filter((f) => !f.startsWith("profiles/"))
      .flatMap((f) =>
        readFileSync(join(SRC, f), "utf8")
          .split("\n")
          .flatMap((line, i) => (NAME_CHECKS.some((re) => re.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(hits).toEqual([]);
  });

  it("finds the checks it looks for", () => {
    const samples = [
      'if (profile.id === "codex")',
      'options.profile !== "promptc"',
      'scenario.profile === "codex" ? 1 : 2',
      'case "codex":',
    ];
    expect(samples.map((s) => NAME_CHECKS.some((re) => re.test(s)))).toEqual([true, true, true, true]);
  });
});
