import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDirectories } from "../../src/host/make-directories.js";
import { bundleForChild } from "../bundle-for-child.js";
import { skipBecause } from "../skip-because.js";

const dir = mkdtempSync(join(tmpdir(), "promptc-mkdirs-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A child process is killed after this long: a hang fails the test instead of blocking the suite. */
const CHILD_TIMEOUT_MS = 100_000;

function codeOf(f: () => void): string | undefined {
  try {
    f();
    return undefined;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return `${e.code} ${e.path}`;
  }
}

describe("makeDirectories", () => {
  it("makes every missing level and accepts a folder that exists", () => {
    const deep = join(dir, "a", "b", "c");
    makeDirectories(deep);
    makeDirectories(deep);
    makeDirectories(join(dir, "a"));
    expect([join(dir, "a"), join(dir, "a", "b"), deep].map((p) => statSync(p).isDirectory())).toEqual([
      true,
      true,
      true,
    ]);
  });

  it("throws EEXIST naming the file when a file is in the way", () => {
    const file = join(dir, "file");
    writeFileSync(file, "x");
    expect([codeOf(() => makeDirectories(file)), codeOf(() => makeDirectories(join(file, "sub")))]).toEqual([
      `EEXIST ${file}`,
      `EEXIST ${file}`,
    ]);
  });

  // Node 20's mkdirSync(…, { recursive: true }) spins forever here; run in a child so a hang is a failure.
  it.skipIf(
    skipBecause("makeDirectories under /proc", existsSync("/proc/self") ? undefined : "no /proc on this system"),
  )("fails with ENOENT under /proc instead of hanging", () => {
    const script = join(dir, "proc.mjs");
    bundleForChild(
      `import { makeDirectories } from "./src/host/make-directories.ts";
        try { makeDirectories("/proc/promptc-test/a/b"); console.log("made"); } catch (err) { console.log(err.code); }`,
      script,
    );
    const r = spawnSync(process.execPath, [script], { encoding: "utf8", timeout: CHILD_TIMEOUT_MS });
    expect({ signal: r.signal, status: r.status, stdout: r.stdout }).toEqual({
      signal: null,
      status: 0,
      stdout: "ENOENT\n",
    });
  });
});
