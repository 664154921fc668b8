import { describe, expect, it } from "vitest";
import { createCachingHost } from "../../src/host/create-caching-host.js";
import type { Host } from "../../src/host/host.js";
import { createMemoryHost, type MemoryEntry } from "../../src/host/memory-host.js";
import { createNodeHost } from "../../src/host/node-host.js";

const files: Record<string, MemoryEntry> = {
  "/r/a/b/file.md": "x",
  "/r/a/dir": { dir: true },
  "/r/link-to-a": { symlink: "/r/a" },
  "/r/a/b/link.md": { symlink: "file.md" },
  "/r/a/b/dangling.md": { symlink: "gone.md" },
  "/r/loop": { symlink: "/r/loop" },
  "/r/a/b/plain": "not a folder",
};

/** The memory host, saying its realpath keeps names, with the realpath calls that reach it. */
function keepingNames(): { host: Host; asked: string[] } {
  const base = createMemoryHost({ files });
  const asked: string[] = [];
  return {
    host: {
      ...base,
      realpathKeepsNames: true,
      realpath: (path) => {
        asked.push(path);
        return base.realpath(path);
      },
    },
    asked,
  };
}

describe("createCachingHost's realpath", () => {
  const base = createMemoryHost({ files });
  it.each([
    ["/r/a/b/file.md"],
    ["/r/a/dir"],
    ["/r/link-to-a/b/file.md"],
    ["/r/link-to-a"],
    ["/r/a/b/link.md"],
    ["/r/a/b/dangling.md"],
    ["/r/a/b/missing.md"],
    ["/r/missing/deeper/file.md"],
    ["/r/loop/x"],
    ["/r/a/b/plain/x"],
    ["/r/a/../a/b/file.md"],
    ["/r/a/b/"],
    ["/"],
    ["/r"],
  ])("answers %s as the host's own realpath does", (path) => {
    const { host } = keepingNames();
    expect(createCachingHost(host).realpath(path)).toEqual(base.realpath(path));
  });

  it("asks the host only for links, errors and paths that are not normal", () => {
    const { host, asked } = keepingNames();
    const caching = createCachingHost(host);
    caching.realpath("/r/a/b/file.md");
    caching.realpath("/r/a/dir");
    expect(asked).toEqual(["/"]);
    caching.realpath("/r/link-to-a/b/file.md");
    expect(asked).toEqual(["/", "/r/link-to-a"]);
    caching.realpath("/r/a/b/missing.md");
    caching.realpath("/r/a/./b");
    expect(asked.slice(2)).toEqual(["/r/a/b/missing.md", "/r/a/./b"]);
  });

  it("asks the host for every path when its realpath may change a name's case", () => {
    const asked: string[] = [];
    const inner = createMemoryHost({ files });
    const caching = createCachingHost({ ...inner, realpath: (p) => (asked.push(p), inner.realpath(p)) });
    caching.realpath("/r/a/b/file.md");
    expect(asked).toEqual(["/r/a/b/file.md"]);
  });

  it("says the node host keeps names only on Linux", () => {
    expect(createNodeHost().realpathKeepsNames).toBe(process.platform === "linux");
  });
});
