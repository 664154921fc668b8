// Git's ignore semantics over nested .gitignore files: negation, directory-only patterns, precedence, parents.
import { describe, expect, it } from "vitest";
import {
  createGitignoreFilter,
  gitignorePruneGlobs,
  rebaseGitignoreLine,
} from "../../../src/lint/workspace/create-gitignore-filter.js";

describe("createGitignoreFilter", () => {
  const ignored = createGitignoreFilter([
    { dir: "", text: "# excluded via .git/info/exclude\nscratch/\n" },
    { dir: "", text: "*.local.md\n!KEEP.local.md\nbuild/\n/top-only.md\nlogs\n!logs/AGENTS.md\n" },
    { dir: "pkg", text: "generated/\n!scratch/\nAGENTS.md\n" },
    { dir: "pkg/deep", text: "!AGENTS.md\n" },
  ]);

  it.each([
    ["CLAUDE.local.md", true],
    ["KEEP.local.md", false],
    ["build/AGENTS.md", true],
    ["src/build/AGENTS.md", true],
    ["top-only.md", true],
    ["src/top-only.md", false],
    ["scratch/AGENTS.md", true],
    ["pkg/scratch/SKILL.md", false],
    ["pkg/scratch/AGENTS.md", true],
    ["pkg/generated/SKILL.md", true],
    ["pkg/AGENTS.md", true],
    ["pkg/deep/AGENTS.md", false],
    ["other/AGENTS.md", false],
    ["logs/AGENTS.md", true],
  ])("%s → ignored %s", (path, want) => {
    expect(ignored(path)).toBe(want);
  });

  it("ignores nothing without sources", () => {
    expect(createGitignoreFilter([])("a/b.md")).toBe(false);
  });
});

describe("gitignorePruneGlobs", () => {
  it("prunes plain directory names and anchored names", () => {
    expect(gitignorePruneGlobs([{ dir: "", text: "dist/\n/target\n*.log\nsrc/gen/\n# c\n" }])).toEqual([
      "**/dist/**",
      "target/**",
    ]);
  });

  it("prunes nothing when a negation could re-include a directory", () => {
    expect(gitignorePruneGlobs([{ dir: "", text: "dist/\n!dist/keep\n" }])).toEqual([]);
  });
});

describe("rebaseGitignoreLine", () => {
  it.each([
    ["", "dist/", "dist/"],
    ["pkg", "dist/", "pkg/**/dist/"],
    ["pkg", "/dist", "pkg/dist"],
    ["pkg", "src/gen/", "pkg/src/gen/"],
    ["pkg", "!keep.md", "!pkg/**/keep.md"],
    ["pkg", "**/tmp", "pkg/**/tmp"],
    ["pkg", "# comment", undefined],
    ["pkg", "   ", undefined],
  ])("in %j: %j → %j", (dir, line, want) => {
    expect(rebaseGitignoreLine(dir, line)).toBe(want);
  });
});
