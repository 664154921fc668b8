import { describe, expect, it } from "vitest";
import { findProjectRoot } from "../../src/discover/find-project-root.js";
import { createCachingHost } from "../../src/host/create-caching-host.js";
import { createMemoryHost } from "../../src/host/memory-host.js";

// A chain /r/a/b/c/d with a repository at /r and another at /r/a/b (a .git file), and one folder whose marker
// cannot be checked (/x/locked: its .git is unreadable).
const files = {
  "/r/.git/HEAD": "ref: refs/heads/main\n",
  "/r/a/b/.git": "gitdir: /elsewhere\n",
  "/r/a/b/c/d/AGENTS.md": "x\n",
  "/r/a/file.txt": "x\n",
  "/x/locked/.git": { dir: true, unreadable: true },
  "/x/locked/inner/AGENTS.md": "x\n",
  "/y/z/AGENTS.md": "x\n",
} as const;

describe("findProjectRoot", () => {
  it.each([
    ["/r/a/b/c/d", [".git"]],
    ["/r/a/b/c", [".git"]],
    ["/r/a", [".git"]],
    ["/r", [".git"]],
    ["/y/z", [".git"]],
    ["/r/a/b/c/d", [".hg", ".git"]],
    ["/r/a/b/c/d", []],
    ["/x/locked/inner", [".git"]],
  ])("answers %s with markers %j the same through a caching host as without", (cwd, markers) => {
    const plain = createMemoryHost({ files });
    const caching = createCachingHost(createMemoryHost({ files }));
    // Deeper folders first: their walks leave answers the shallower ones then reuse.
    for (const dir of ["/r/a/b/c/d", "/x/locked/inner", "/y/z"]) findProjectRoot(caching, dir, markers);
    expect(findProjectRoot(caching, cwd, markers)).toEqual(findProjectRoot(plain, cwd, markers));
    expect(findProjectRoot(caching, cwd, markers, { gitDirNeedsHead: true })).toEqual(
      findProjectRoot(plain, cwd, markers, { gitDirNeedsHead: true }),
    );
  });
});
