// A replay's check: the looks of a deep tree are taken from anchor folders and answer as their absolute paths do,
// every change deep in the tree is seen, and the process is back in its working folder whatever happened.
import { mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lookAgain, type Look, type LookKind } from "../../../src/cli/run-memo/look.js";
import { ANCHOR_STRIDE, packLooks } from "../../../src/cli/run-memo/packed-looks.js";
import { stillSeen, WorkingFolderLost } from "../../../src/cli/run-memo/still-seen.js";
import { useScratchDir } from "../../scratch-dir.js";

const dir = useScratchDir("promptc-still-seen-");
const DEPTH = ANCHOR_STRIDE * 3 + 3;
let n = 0;

/** A fresh tree DEPTH folders deep below the scratch folder, each holding AGENTS.md and a link to it. */
function deepTree(): { root: string; folders: string[] } {
  const root = join(dir, `t${n++}`);
  const folders: string[] = [];
  let folder = root;
  for (let i = 0; i < DEPTH; i++) {
    folder = join(folder, `d${i}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "AGENTS.md"), `# Level ${i}\n`);
    symlinkSync("AGENTS.md", join(folder, "link"));
    folders.push(folder);
  }
  return { root, folders };
}

/** The looks a lint of the tree takes in each folder, as the run saw them (absolute paths). */
function looksOf(folders: readonly string[]): Look[] {
  const taken: [LookKind, string, (number | string)?][] = [];
  for (const folder of folders)
    taken.push(
      ["stat", folder],
      ["stat", join(folder, "AGENTS.md")],
      ["stat", join(folder, "CLAUDE.md")],
      ["lstat", join(folder, "link")],
      ["stat-of", join(folder, "AGENTS.md"), "type,size"],
      ["readlink", join(folder, "link")],
      ["access", join(folder, "AGENTS.md"), 4],
      ["realpath", join(folder, "link")],
    );
  return taken.map(([kind, subject, detail]): Look => {
    const seen = lookAgain(kind, subject, detail);
    return detail === undefined ? [kind, subject, seen] : [kind, subject, seen, detail];
  });
}

/** process.chdir, noting each folder asked for; `refuse` makes it fail as a folder without permission would. */
function watchedChdir(refuse: (folder: string, call: number) => boolean = () => false) {
  const asked: string[] = [];
  const chdir = (folder: string): void => {
    asked.push(folder);
    if (refuse(folder, asked.length)) throw Object.assign(new Error("EACCES"), { code: "EACCES" });
    process.chdir(folder);
  };
  return { asked, chdir };
}

describe("stillSeen", () => {
  it("holds for looks taken now and fails when one differs", () => {
    const { folders } = deepTree();
    const looks = looksOf(folders.slice(0, 1));
    expect(stillSeen(packLooks(looks), process.cwd())).toBe(true);
    const more: Look[] = [...looks, ["stat", folders[0]!, "ENOENT"]];
    expect(stillSeen(packLooks(more), process.cwd())).toBe(false);
  });

  it("takes a deep tree's looks from anchors and comes back to the working folder", () => {
    const { folders } = deepTree();
    const cwd = process.cwd();
    const { asked, chdir } = watchedChdir();
    expect(stillSeen(packLooks(looksOf(folders)), cwd, chdir)).toBe(true);
    expect(asked.length).toBeGreaterThan(2);
    expect(asked[0]).toBe(cwd);
    expect(asked.at(-1)).toBe(cwd);
    expect(process.cwd()).toBe(cwd);
  });

  it.each<[string, (folders: string[]) => void]>([
    ["a file's content deep in the tree", (f) => writeFileSync(join(f.at(-1)!, "AGENTS.md"), "# Changed level\n")],
    ["a file's times at an anchor", (f) => utimesSync(join(f[ANCHOR_STRIDE - 1]!, "AGENTS.md"), 1, 1)],
    ["a file that appears", (f) => writeFileSync(join(f[ANCHOR_STRIDE * 2 + 1]!, "CLAUDE.md"), "@AGENTS.md\n")],
    ["an entry added to a folder", (f) => writeFileSync(join(f[ANCHOR_STRIDE * 2]!, "new.md"), "")],
    [
      "a link retargeted",
      (f) => {
        const folder = f[ANCHOR_STRIDE + 2]!;
        renameSync(join(folder, "link"), join(folder, "old-link"));
        symlinkSync("old-link", join(folder, "link"));
      },
    ],
    ["a folder replaced above an anchor", (f) => renameSync(f[ANCHOR_STRIDE - 2]!, `${f[ANCHOR_STRIDE - 2]!}-gone`)],
    ["the deepest folder removed", (f) => rmSync(f.at(-1)!, { recursive: true })],
  ])("sees %s, and comes back", (_name, change) => {
    const { folders } = deepTree();
    const looks = packLooks(looksOf(folders));
    const cwd = process.cwd();
    expect(stillSeen(looks, cwd)).toBe(true);
    change(folders);
    expect(stillSeen(looks, cwd)).toBe(false);
    expect(process.cwd()).toBe(cwd);
  });

  it.each<[string, (packed: { folders: unknown[][]; looks: unknown[][] }) => void]>([
    ["a folder that is not a list", (p) => void (p.folders[3] = "d2" as never)],
    ["a parent after its folder", (p) => void (p.folders[3]![0] = p.folders.length - 1)],
    ["a parent that is no number", (p) => void (p.folders[3]![0] = "2")],
    ["a parent between numbers", (p) => void (p.folders[3]![0] = 1.5)],
    ["a parent below the root", (p) => void (p.folders[3]![0] = -1)],
    ["a name that is no text", (p) => void (p.folders[3]![1] = 7)],
    ["a look that is not a list", (p) => void (p.looks[5] = "stat" as never)],
    ["a look's folder past the last", (p) => void (p.looks[5]![1] = p.folders.length)],
    ["a look's folder below -1", (p) => void (p.looks[5]![1] = -2)],
    ["a look's folder that is no number", (p) => void (p.looks[5]![1] = "3")],
    ["a kind no look has", (p) => void (p.looks.at(-3)![0] = "unlink")],
    ["a stat's seen that is nothing", (p) => void (p.looks.at(-7)![3] = null)],
    ["a stat's seen that is a number", (p) => void (p.looks.at(-7)![3] = 5)],
    ["an identity cut short", (p) => void (p.looks.at(-7)![3] = [1, 2])],
  ])("sees nothing in a damaged memo: %s", (_name, damage) => {
    const { folders } = deepTree();
    const packed = packLooks(looksOf(folders));
    const cwd = process.cwd();
    expect(stillSeen(packed, cwd)).toBe(true);
    const damaged = JSON.parse(JSON.stringify(packed)) as { folders: unknown[][]; looks: unknown[][] };
    damage(damaged);
    expect(stillSeen(damaged as never, cwd)).toBe(false);
    expect(process.cwd()).toBe(cwd);
  });

  it("takes an anchor's looks by their absolute paths when it cannot be entered", () => {
    const { folders } = deepTree();
    const looks = packLooks(looksOf(folders));
    const cwd = process.cwd();
    const { asked, chdir } = watchedChdir((folder) => folder !== cwd);
    expect(stillSeen(looks, cwd, chdir)).toBe(true);
    expect(asked.length).toBeGreaterThan(2);
    writeFileSync(join(folders.at(-1)!, "CLAUDE.md"), "");
    expect(stillSeen(looks, cwd, chdir)).toBe(false);
    expect(process.cwd()).toBe(cwd);
  });

  it("leaves a working folder it could not come back to for no anchor", () => {
    const { folders } = deepTree();
    const cwd = process.cwd();
    const { asked, chdir } = watchedChdir((folder) => folder === cwd);
    expect(stillSeen(packLooks(looksOf(folders)), cwd, chdir)).toBe(true);
    expect(asked).toEqual([cwd]);
  });

  it("says so when the working folder cannot be entered again", () => {
    const { folders } = deepTree();
    const cwd = process.cwd();
    const { chdir } = watchedChdir((folder, call) => folder === cwd && call > 1);
    try {
      expect(() => stillSeen(packLooks(looksOf(folders)), cwd, chdir)).toThrow(WorkingFolderLost);
    } finally {
      process.chdir(cwd);
    }
  });
});
