import { describe, expect, it } from "vitest";
import { DEFAULT_PROSE } from "../../src/profiles/default-prose.generated.js";
import { PROSE_IDS } from "../../src/fragments/prose-set.js";
// @ts-expect-error — plain .mjs build script without types
import { buildDefaultProse } from "../../templates/generate-default-prose.mjs";

describe("DEFAULT_PROSE", () => {
  it("matches templates/ on disk (run `npm run gen:prose` after editing a template)", () => {
    expect(JSON.parse(JSON.stringify(DEFAULT_PROSE))).toEqual(buildDefaultProse());
  });
  for (const profile of ["codex", "promptc"]) {
    it(`has every prose id the compile renders (${profile})`, () => {
      expect(PROSE_IDS.filter((id) => !DEFAULT_PROSE[profile]?.entries[id])).toEqual([]);
    });
  }
});
