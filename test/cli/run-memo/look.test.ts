// A look sees again what it saw while nothing changed, and something else after a change of what it covers.
import { chmodSync, mkdirSync, renameSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lookAgain, seenTimes, statSeen, type LookKind } from "../../../src/cli/run-memo/look.js";
import { formatDateInZone } from "../../../src/discover/resolve-environment.js";
import { useScratchDir } from "../../scratch-dir.js";

const dir = useScratchDir("promptc-look-");
let n = 0;
/** A fresh folder holding `a.txt` ("hello") and `sub/`. */
function world(): string {
  const root = join(dir, `w${n++}`);
  mkdirSync(join(root, "sub"), { recursive: true });
  writeFileSync(join(root, "a.txt"), "hello");
  return root;
}

describe("lookAgain", () => {
  it.each<[string, LookKind, (root: string) => string, (root: string) => void, (number | string)?]>([
    [
      "a file's content (same size, new mtime)",
      "stat",
      (r) => join(r, "a.txt"),
      (r) => {
        writeFileSync(join(r, "a.txt"), "HELLO");
        utimesSync(join(r, "a.txt"), 1, 1);
      },
    ],
    [
      "a file replaced by another",
      "stat",
      (r) => join(r, "a.txt"),
      (r) => {
        writeFileSync(join(r, "b.txt"), "hello");
        renameSync(join(r, "b.txt"), join(r, "a.txt"));
      },
    ],
    ["an entry added to a folder", "stat", (r) => join(r, "sub"), (r) => writeFileSync(join(r, "sub", "new"), "")],
    ["a missing file that appears", "stat", (r) => join(r, "none"), (r) => writeFileSync(join(r, "none"), "")],
    [
      "a symlink retargeted (lstat)",
      "lstat",
      (r) => join(r, "link"),
      (r) => {
        renameSync(join(r, "link"), join(r, "old-link"));
        symlinkSync("sub", join(r, "link"));
      },
    ],
    [
      "a file's type seen through stat-of",
      "stat-of",
      (r) => join(r, "a.txt"),
      (r) => {
        renameSync(join(r, "a.txt"), join(r, "b.txt"));
        mkdirSync(join(r, "a.txt"));
      },
      "type",
    ],
    [
      "a file's size seen through stat-of",
      "stat-of",
      (r) => join(r, "a.txt"),
      (r) => writeFileSync(join(r, "a.txt"), "hello!"),
      "size,type",
    ],
    [
      "realpath through a retargeted link",
      "realpath",
      (r) => join(r, "link"),
      (r) => {
        renameSync(join(r, "link"), join(r, "old-link"));
        symlinkSync("a.txt", join(r, "link"));
      },
    ],
    [
      "readlink",
      "readlink",
      (r) => join(r, "link"),
      (r) => {
        renameSync(join(r, "link"), join(r, "old-link"));
        symlinkSync("a.txt", join(r, "link"));
      },
    ],
    // Execute: denied even to root until some execute bit is set.
    ["access for executing", "access", (r) => join(r, "a.txt"), (r) => chmodSync(join(r, "a.txt"), 0o755), 1],
  ])("%s: unchanged, then changed", (_name, kind, subjectOf, change, detail) => {
    const root = world();
    symlinkSync("sub", join(root, "link"));
    const subject = subjectOf(root);
    const seen = lookAgain(kind, subject, detail);
    expect(lookAgain(kind, subject, detail)).toEqual(seen);
    change(root);
    expect(lookAgain(kind, subject, detail)).not.toEqual(seen);
  });

  it("stat-of a folder ignores what its full stat sees change (an entry added)", () => {
    const root = world();
    const partial = lookAgain("stat-of", join(root, "sub"), "type");
    const full = lookAgain("stat", join(root, "sub"));
    writeFileSync(join(root, "sub", "x"), "");
    expect(lookAgain("stat-of", join(root, "sub"), "type")).toEqual(partial);
    expect(lookAgain("stat", join(root, "sub"))).not.toEqual(full);
  });

  it("answers an error with its code", () => {
    const root = world();
    expect(lookAgain("stat", join(root, "none"))).toBe("ENOENT");
    expect(lookAgain("stat", join(root, "a.txt", "x"))).toBe("ENOTDIR");
    expect(lookAgain("realpath", join(root, "none"))).toBe("ENOENT");
  });

  it("sees today's date in a zone, and an os answer by name", () => {
    expect(lookAgain("date", "Etc/UTC")).toBe(formatDateInZone(Date.now(), "Etc/UTC"));
    expect(lookAgain("os", "homedir")).toMatch(/^=".*"$/);
    expect(lookAgain("os", "cpus")).toBe("?");
  });
});

describe("seenTimes", () => {
  it("are the newest time a stat look saw and the newest on the coarse step, 0 for looks without times", () => {
    const root = world();
    utimesSync(join(root, "a.txt"), 1000, 1000);
    const full = lookAgain("stat", join(root, "a.txt"));
    expect(seenTimes(["stat", join(root, "a.txt"), full]).newestMs).toBeGreaterThan(1_000_000);
    expect(seenTimes(["stat-of", "x", [32768, 5], "type,size"])).toEqual({ newestMs: 0, newestCoarseMs: 0 });
    expect(seenTimes(["stat-of", "x", [1_000_000], "mtimeMs"])).toEqual({
      newestMs: 1_000_000,
      newestCoarseMs: 1_000_000,
    });
    expect(seenTimes(["realpath", "x", "=/x"])).toEqual({ newestMs: 0, newestCoarseMs: 0 });
    expect(statSeen(undefined)).toBe("ENOENT");
  });

  // A time near now, and one on no 10 ms step.
  const T = 1_700_000_000_000;
  const FINE = T + 123.4567;
  it.each<[string, mtime: number, ctime: number, newestMs: number, newestCoarseMs: number]>([
    ["whole seconds (ext3, HFS+)", T + 1_000, T, T + 1_000, T + 1_000],
    ["even seconds (FAT)", T + 2_000, T + 2_000, T + 2_000, T + 2_000],
    ["10 ms steps (exFAT)", T + 130, T + 120, T + 130, T + 130],
    ["nanoseconds (ext4)", FINE, T + 0.25, FINE, 0],
    ["a fine mtime and a ctime on the step", FINE, T + 110, FINE, T + 110],
  ])("takes %s for what they are", (_name, mtime, ctime, newestMs, newestCoarseMs) => {
    expect(seenTimes(["stat-of", "x", [mtime, ctime], "mtimeMs,ctimeMs"])).toEqual({ newestMs, newestCoarseMs });
  });
});
