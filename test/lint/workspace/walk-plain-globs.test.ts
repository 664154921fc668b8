// walkPlainGlobs must list what fast-glob lists, in fast-glob's order, with the same unreadable folders and
// newline names recorded: compared on generated trees (symlinks, FIFOs, ignored and unreadable folders, names
// with spaces, dots and digits) for lint's own patterns, and through discoverLintTargets as a whole.
import fg from "fast-glob";
import { describe, expect, it } from "vitest";
import { createMemoryHost, type MemoryEntry } from "../../../src/host/memory-host.js";
import { discoverLintTargets } from "../../../src/lint/workspace/discover-lint-targets.js";
import { hostFsAdapter } from "../../../src/lint/workspace/host-glob-walk.js";
import {
  ALWAYS_IGNORED,
  DEFAULT_LINT_PATTERNS,
  SKILL_LINK_PATTERNS,
} from "../../../src/lint/workspace/lint-patterns.js";
import { walkPlainGlobs } from "../../../src/lint/workspace/walk-plain-globs.js";
import { seededRandom } from "../../seeded-random.js";

const R = "/repo";

const DIRS = [
  "packages",
  "api",
  "0",
  "12",
  ".github",
  "instructions",
  ".cursor",
  "rules",
  "commands",
  ".roo",
  "rules-code",
  "rules-",
  ".clinerules",
  ".agents",
  ".claude",
  "skills",
  "release-notes",
  "templates",
  "node_modules",
  ".git",
  "dist",
  "a b",
  ".codex",
  "docs",
];
const FILES = [
  "AGENTS.md",
  "AGENTS.override.md",
  "CLAUDE.md",
  "CLAUDE.local.md",
  "GEMINI.md",
  "copilot-instructions.md",
  "x.instructions.md",
  "a.mdc",
  ".mdc",
  ".md",
  "notes.md",
  ".cursorrules",
  ".clinerules",
  ".windsurfrules",
  "SKILL.md",
  "config.toml",
  "default.rules",
  "page.hbs",
  ".gitignore",
  "README.md",
  "line\nbreak.md",
];

function randomTree(seed: number, fifos = true): Record<string, MemoryEntry> {
  const next = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const files: Record<string, MemoryEntry> = {};
  const dirs = [""];
  for (let i = 0; i < 40; i++) {
    const parent = pick(dirs);
    const depth = parent === "" ? 0 : parent.split("/").length;
    const r = next();
    if (r < 0.35 && depth < 5) {
      const d = parent === "" ? pick(DIRS) : `${parent}/${pick(DIRS)}`;
      if (!dirs.includes(d)) dirs.push(d);
      files[`${R}/${d}`] = next() < 0.06 ? { dir: true, unreadable: true } : { dir: true };
    } else if (r < 0.9) {
      files[`${R}/${parent === "" ? "" : `${parent}/`}${pick(FILES)}`] = "text\n";
    } else if (r < 0.97) {
      const target = pick([...dirs.filter((d) => d !== ""), "AGENTS.md", "missing"]);
      files[`${R}/${parent === "" ? "" : `${parent}/`}${pick([...FILES, ...DIRS])}`] = { symlink: `${R}/${target}` };
    } else if (fifos) {
      files[`${R}/${parent === "" ? "" : `${parent}/`}${pick(FILES)}`] = { fifo: true };
    }
  }
  return files;
}

/** The globs and ignores discoverLintTargets gives the walk for named folders `walked` ("" = the root). */
function lintGlobs(walked: readonly string[]): string[] {
  const globs: string[] = [];
  for (const rel of walked) {
    for (const g of [...DEFAULT_LINT_PATTERNS, ...SKILL_LINK_PATTERNS]) globs.push(rel === "" ? g : `${rel}/${g}`);
    if (rel.split("/").includes("templates")) globs.push(`${rel}/**/*.hbs`);
    else if (rel !== "") globs.push(`${rel}/*.hbs`);
  }
  for (const w of walked) globs.push(w === "" ? "**/.gitignore" : `${w}/**/.gitignore`);
  return globs;
}

function both(files: Record<string, MemoryEntry>, globs: string[], ignore: string[]) {
  const host = createMemoryHost({ files });
  const fgUnreadable = new Map<string, string>();
  const fgNewline = new Set<string>();
  const expected = fg
    .sync(globs, {
      cwd: R,
      dot: true,
      ignore,
      onlyFiles: false,
      markDirectories: true,
      followSymbolicLinks: false,
      suppressErrors: true,
      unique: true,
      fs: hostFsAdapter(host, R, fgUnreadable, fgNewline),
    })
    .filter((e) => !e.endsWith("/"));
  const unreadable = new Map<string, string>();
  const newline = new Set<string>();
  const actual = walkPlainGlobs(host, R, globs, ignore, unreadable, newline);
  return {
    expected: { entries: expected, unreadable: [...fgUnreadable], newline: [...fgNewline].sort() },
    actual: actual && { entries: actual, unreadable: [...unreadable], newline: [...newline].sort() },
  };
}

const WALKED = [
  [""],
  ["packages"],
  ["packages", "0"],
  ["12", "packages/api"],
  ["", "packages"],
  ["templates"],
  ["a b"],
];
const IGNORES = [[...ALWAYS_IGNORED], [...ALWAYS_IGNORED, "dist/**", "**/skills/**"], []];

describe("walkPlainGlobs", () => {
  it("lists what fast-glob lists, in its order, on generated trees", () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const files = randomTree(seed);
      for (const walked of WALKED)
        for (const ignore of IGNORES) {
          const { expected, actual } = both(files, lintGlobs(walked), ignore);
          expect({ seed, walked, ignore, ...actual }).toEqual({ seed, walked, ignore, ...expected });
          compared += expected.entries.length;
        }
    }
    expect(compared).toBeGreaterThan(250);
  });

  it("takes a user's plain `**` glob, and leaves the rest to fast-glob", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { expected, actual } = both(randomTree(seed), ["**/*.md", "**/.gitignore"], [...ALWAYS_IGNORED]);
      expect(actual).toEqual(expected);
    }
    const host = createMemoryHost({ files: {} });
    const walk = (globs: string[], ignore: string[] = []) =>
      walkPlainGlobs(host, R, globs, ignore, new Map(), new Set());
    expect(walk(["docs/*.md"])).toBeUndefined();
    expect(walk(["**/{a,b}.md"])).toBeUndefined();
    expect(walk(["**/[ab].md"])).toBeUndefined();
    expect(walk(["**/?.md"])).toBeUndefined();
    expect(walk(["**/!(x).md"])).toBeUndefined();
    expect(walk(["AGENTS.md"])).toBeUndefined();
    expect(walk(["../x/**/AGENTS.md"])).toBeUndefined();
    expect(walk(["**/AGENTS.md"], ["*.md"])).toBeUndefined();
    expect(walk(["**/AGENTS.md"])).toEqual([]);
  });

  it("leaves a tree with a carriage return or line separator in a name to fast-glob, recording nothing", () => {
    for (const odd of ["a\rb", "\u2028x", "y\u2029"]) {
      const files: Record<string, MemoryEntry> = {
        [`${R}/AGENTS.md`]: "x\n",
        [`${R}/${odd}/AGENTS.md`]: "x\n",
        [`${R}/locked`]: { dir: true, unreadable: true },
        [`${R}/n\nl/AGENTS.md`]: "x\n",
      };
      const unreadable = new Map<string, string>();
      const newline = new Set<string>();
      const host = createMemoryHost({ files });
      expect(walkPlainGlobs(host, R, lintGlobs([""]), [...ALWAYS_IGNORED], unreadable, newline)).toBeUndefined();
      expect([unreadable.size, newline.size]).toEqual([0, 0]);
      const run = (fastGlob: boolean) => discoverLintTargets(host, { root: R, patterns: [], fastGlob });
      expect(run(false)).toEqual(run(true));
    }
  });
});

describe("discoverLintTargets", () => {
  it("finds the same targets and says the same with either walk", () => {
    for (let seed = 1; seed <= 60; seed++) {
      // No FIFOs: discovery reads the .gitignore files and templates it finds (a FIFO's read blocks).
      const files = randomTree(seed, false);
      files[`${R}/.gitignore`] = seed % 3 === 0 ? "dist\n!keep.md\n" : "dist/\nnotes.md\n";
      const host = createMemoryHost({ files });
      for (const patterns of [[], ["packages"], [".", "packages", "12"], ["**/*.md"]]) {
        const run = (fastGlob: boolean) => discoverLintTargets(host, { root: R, patterns, fastGlob });
        expect({ seed, patterns, ...run(false) }).toEqual({ seed, patterns, ...run(true) });
      }
    }
  });
});
