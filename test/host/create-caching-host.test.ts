import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
});

describe("createCachingHost's realpath over the node host", () => {
  // A folder whose real path is nearly PATH_MAX long, reached through a short link: a name joined to it is longer
  // than realpath(3) answers.
  const name = "f".repeat(220);
  let top = "";
  // Made when the tests run, not when they are collected: a filtered run leaves nothing behind.
  beforeAll(() => {
    top = mkdtempSync(join(tmpdir(), "promptc-realpath-"));
    let long = top;
    while (long.length < 3900) long = join(long, "n".repeat(Math.min(200, 3900 - long.length)));
    mkdirSync(long, { recursive: true });
    symlinkSync(long, join(top, "to-long"));
    // Through the link: the file's own path is too long to name.
    writeFileSync(join(top, "to-long", name), "x");
    mkdirSync(join(top, "a", "b"), { recursive: true });
    writeFileSync(join(top, "a", "b", "file.md"), "x");
    symlinkSync(join(top, "a"), join(top, "to-a"));
    symlinkSync("gone.md", join(top, "a", "dangling.md"));
  });
  afterAll(() => {
    rmSync(join(top, "to-long", name));
    rmSync(top, { recursive: true, force: true });
  });

  const outcome = (f: () => string): string => {
    try {
      return f();
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? "error";
    }
  };
  it.each([
    ["a/b/file.md"],
    ["a/b"],
    ["to-a/b/file.md"],
    ["a/dangling.md"],
    ["a/missing.md"],
    [`to-long/${name}`],
    ["to-long"],
  ])("answers %s as realpath(3) does", (rel) => {
    const path = join(top, rel);
    const r = createCachingHost(createNodeHost()).realpath(path);
    expect(r.ok ? r.value : r.error.code).toBe(outcome(() => realpathSync.native(path)));
  });
  it("finds the long name too long, as realpath(3) does", () => {
    expect(outcome(() => realpathSync.native(join(top, "to-long", name)))).toBe("ENAMETOOLONG");
  });
});
