// Behaviour is carried by profile data: nothing outside src/profiles/ branches on a profile's name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROFILE_IDS } from "../../src/profiles/index.js";
import { SRC, sourceFiles } from "./source-files.js";

/** Every registered id as a regex alternative (`claude-code|pi|…`; ids are lower-case words and hyphens). */
const IDS = PROFILE_IDS.join("|");

/** `profile.id === …`, `profile === "codex"`, `options.profile !== "promptc"`, a `switch (profile)` over names. */
const NAME_CHECKS = [
  /\bprofile(?:Id)?\.id\s*[!=]==/,
  /(?<!typeof\s)\bprofile(?:Id)?\s*[!=]==\s*["']/,
  /\.profile\s*[!=]==\s*["']/,
  new RegExp(`["'](?:${IDS})["']\\s*[!=]==\\s*[\\w.]*profile`, "i"),
  // A profile's id compared with a literal name, whatever the variable is called (`p.id === "pi"`).
  new RegExp(`\\.id\\s*[!=]==\\s*["'](?:${IDS})["']`),
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
      '"claude-code" === opts.profile',
      'PROFILE_LIST.find((p) => p.id === "gemini-cli")',
    ];
    expect(samples.map((s) => NAME_CHECKS.some((re) => re.test(s)))).toEqual([true, true, true, true, true, true]);
  });
});
