import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";

const host = createMemoryHost({
  cwd: "/repo",
  home: "/home/u",
  env: { SHELL: "/bin/zsh" },
  files: {
    "/repo/a.md": "hello",
    "/repo/b/c.md": new Uint8Array([0xff, 0x00]),
    "/repo/link": { symlink: "a.md" },
    "/repo/abs-link": { symlink: "/repo/b" },
    "/repo/dangling": { symlink: "missing" },
    "/repo/loop1": { symlink: "loop2" },
    "/repo/loop2": { symlink: "loop1" },
    "/repo/locked": { dir: true, unreadable: true },
    "/repo/locked/x": "secret",
    "/repo/secret.md": { file: "no", unreadable: true },
    "/repo/up": { symlink: "../repo/b" },
  },
});

describe("createMemoryHost", () => {
  it("reads at most maxBytes and reports the whole size", () => {
    expect(host.readBytes("/repo/a.md", { maxBytes: 3 })).toEqual({
      ok: true,
      value: { bytes: new TextEncoder().encode("hel"), size: 5, truncated: true },
    });
    expect(host.readBytes("/repo/a.md")).toEqual({
      ok: true,
      value: { bytes: new TextEncoder().encode("hello"), size: 5, truncated: false },
    });
  });

  it.each([
    ["/repo/missing", "ENOENT"],
    ["/repo/dangling", "ENOENT"],
    ["/repo/loop1", "ELOOP"],
    ["/repo/b", "EISDIR"],
    ["/repo/secret.md", "EACCES"],
    ["/repo/locked/x", "EACCES"],
    ["/repo/a.md/x", "ENOTDIR"],
  ])("fails reading %s with %s", (path, code) => {
    const r = host.readBytes(path);
    expect(r.ok ? "ok" : r.error.code).toBe(code);
  });

  it("follows symlinks in stat but not in lstat", () => {
    expect(host.lstat("/repo/link")).toEqual({ ok: true, value: { kind: "symlink", size: 4 } });
    expect(host.stat("/repo/link")).toEqual({ ok: true, value: { kind: "file", size: 5 } });
    expect(host.lstat("/repo/dangling").ok).toBe(true);
    expect(host.stat("/repo/dangling")).toMatchObject({ ok: false, error: { code: "ENOENT" } });
    expect(host.lstat("/repo/loop1").ok).toBe(true);
    expect(host.stat("/repo/loop1")).toMatchObject({ ok: false, error: { code: "ELOOP" } });
  });

  it("lists a directory sorted by name with entry kinds", () => {
    const r = host.readDir("/repo");
    expect(r.ok && r.value.map((e) => `${e.name}:${e.kind}`)).toEqual([
      "a.md:file",
      "abs-link:symlink",
      "b:directory",
      "dangling:symlink",
      "link:symlink",
      "locked:directory",
      "loop1:symlink",
      "loop2:symlink",
      "secret.md:file",
      "up:symlink",
    ]);
    expect(host.readDir("/repo/locked")).toMatchObject({ ok: false, error: { code: "EACCES" } });
  });

  it("resolves realpath through relative, absolute and parent symlinks", () => {
    expect(host.realpath("/repo/link")).toEqual({ ok: true, value: "/repo/a.md" });
    expect(host.realpath("/repo/abs-link/c.md")).toEqual({ ok: true, value: "/repo/b/c.md" });
    expect(host.realpath("/repo/up/../a.md")).toEqual({ ok: true, value: "/repo/a.md" });
  });

  it("returns the fixed cwd, env, home and clock", () => {
    expect([host.cwd(), host.env("SHELL"), host.env("NOPE"), host.home(), host.clock()]).toEqual([
      "/repo",
      "/bin/zsh",
      undefined,
      "/home/u",
      { nowMs: Date.UTC(2026, 10, 29, 12, 0, 0), timezone: "Etc/UTC" },
    ]);
  });

  it("reports a FIFO as kind other and throws on reading it (the real read would block)", () => {
    const host = createMemoryHost({ files: { "/p": { fifo: true }, "/l": { symlink: "/p" } } });
    expect([host.lstat("/p"), host.stat("/l")]).toEqual([
      { ok: true, value: { kind: "other", size: 0 } },
      { ok: true, value: { kind: "other", size: 0 } },
    ]);
    expect(() => host.readBytes("/l")).toThrow("would block forever");
  });
});
