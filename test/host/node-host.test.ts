import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  closeSync,
  ftruncateSync,
  lstatSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-nodehost-"));
afterAll(() => {
  chmodSync(join(dir, "locked"), 0o755);
  rmSync(dir, { recursive: true, force: true });
});
writeFileSync(join(dir, "b.md"), "hello world");
writeFileSync(join(dir, "a.md"), "");
mkdirSync(join(dir, "sub"));
mkdirSync(join(dir, "locked"));
chmodSync(join(dir, "locked"), 0o000);
symlinkSync("b.md", join(dir, "link"));
symlinkSync("loop2", join(dir, "loop1"));
symlinkSync("loop1", join(dir, "loop2"));
// A sparse 100 MB file: reading it fully would allocate 100 MB.
const big = join(dir, "big.md");
const fd = openSync(big, "w");
ftruncateSync(fd, 100 * 1024 * 1024);
closeSync(fd);

const host = createNodeHost({ cwd: dir, env: { SHELL: "/bin/zsh" }, home: "/home/x", nowMs: 0, timezone: "Etc/UTC" });

describe("createNodeHost", () => {
  it("reads no more than maxBytes of a 100 MB file", () => {
    const r = host.readBytes(big, { maxBytes: 32 * 1024 });
    expect(r.ok && { len: r.value.bytes.length, size: r.value.size, truncated: r.value.truncated }).toEqual({
      len: 32 * 1024,
      size: 100 * 1024 * 1024,
      truncated: true,
    });
  });

  it("reads a whole small file and reports it untruncated", () => {
    const r = host.readBytes(join(dir, "b.md"), { maxBytes: 100 });
    expect(
      r.ok && { text: new TextDecoder().decode(r.value.bytes), size: r.value.size, truncated: r.value.truncated },
    ).toEqual({
      text: "hello world",
      size: 11,
      truncated: false,
    });
  });

  it("returns error codes instead of throwing", () => {
    const codes = [join(dir, "missing"), join(dir, "loop1"), join(dir, "sub")].map((p) => {
      const r = host.readBytes(p);
      return r.ok ? "ok" : r.error.code;
    });
    expect(codes).toEqual(["ENOENT", "ELOOP", "EISDIR"]);
  });

  it("distinguishes lstat from stat on a symlink", () => {
    expect([host.lstat(join(dir, "link")), host.stat(join(dir, "link"))].map((r) => r.ok && r.value.kind)).toEqual([
      "symlink",
      "file",
    ]);
  });

  it("lists entries sorted by name", () => {
    const r = host.readDir(dir);
    expect(r.ok && r.value.map((e) => `${e.name}:${e.kind}`)).toEqual([
      "a.md:file",
      "b.md:file",
      "big.md:file",
      "link:symlink",
      "locked:directory",
      "loop1:symlink",
      "loop2:symlink",
      "sub:directory",
    ]);
  });

  // EACCES from readDir and readBytes: test/discover/unreadable-on-disk.test.ts (runs as `nobody` when root).

  it("reports a missing path as Node's own ENOENT error would, for stat and lstat", () => {
    const paths = [join(dir, "missing"), join(dir, "missing", "deeper"), join(dir, "b.md", "not-a-dir")];
    const viaThrow = (fn: (p: string) => unknown, p: string) => {
      try {
        fn(p);
        return "ok";
      } catch (error) {
        const e = error as NodeJS.ErrnoException;
        return { ok: false, error: { code: e.code, message: e.message } };
      }
    };
    expect(paths.flatMap((p) => [host.stat(p), host.lstat(p)])).toEqual(
      paths.flatMap((p) => [viaThrow(statSync, p), viaThrow(lstatSync, p)]),
    );
  });

  it("uses the injected cwd, env, home and clock", () => {
    const clock = host.clock();
    expect([host.cwd(), host.env("SHELL"), host.home(), clock.nowMs, clock.timezone]).toEqual([
      dir,
      "/bin/zsh",
      "/home/x",
      0,
      "Etc/UTC",
    ]);
    // The injected instant's date: no run watch is asked for a fixed clock.
    expect(clock.dateIn?.("Etc/UTC")).toBe("1970-01-01");
  });
});
