import { describe, expect, it } from "vitest";
import { childPath } from "../../src/discover/child-path.js";
import { joinPath, normalizePath } from "../../src/discover/paths.js";

describe("childPath", () => {
  it("gives joinPath's answer for a normalized folder and plain names", () => {
    for (const dir of ["/", "/a", "/a/b.c", ".", "..", "../x", "a", "a/b", "/a/.claude"])
      for (const name of ["CLAUDE.md", ".claude", ".github/instructions", ".agents/skills", "..."])
        expect(childPath(normalizePath(dir), name), `${dir} + ${name}`).toBe(joinPath(dir, name));
  });
});
