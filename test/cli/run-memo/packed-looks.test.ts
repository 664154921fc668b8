// Packed looks give back the looks they were made of, and write each folder once.
import { describe, expect, it } from "vitest";
import type { Look } from "../../../src/cli/run-memo/look.js";
import { ANCHOR_STRIDE, packLooks, pathIn, type PackedLooks } from "../../../src/cli/run-memo/packed-looks.js";

/** The looks as the run took them: what the packed form means. */
function unpackLooks({ folders, looks }: PackedLooks): Look[] {
  const paths = ["/"];
  for (let i = 1; i < folders.length; i++) paths.push(pathIn(paths[folders[i]![0]]!, folders[i]![1]));
  return looks.map(([kind, folder, name, seen, detail]): Look => {
    const subject = folder < 0 ? name : pathIn(paths[folder]!, name);
    return detail === undefined ? [kind, subject, seen] : [kind, subject, seen, detail];
  });
}

/** A folder ANCHOR_STRIDE names deep. */
const DEEP = Array.from({ length: ANCHOR_STRIDE }, (_, i) => `/f${i}`).join("");

describe("packLooks", () => {
  it.each<[string, Look[]]>([
    ["nothing", []],
    [
      "a file at the root, and the root itself",
      [
        ["stat", "/a", [1, 2, 3, 4, 5]],
        ["stat", "/", "ENOENT"],
      ],
    ],
    [
      "siblings and cousins",
      [
        ["stat", "/w/a/AGENTS.md", [1, 2, 3, 4, 5]],
        ["lstat", "/w/a/link", "ENOENT"],
        ["stat-of", "/w/b/c/x", [32768, 5], "type,size"],
        ["access", "/w/a/run.sh", "ok", 1],
      ],
    ],
    [
      "subjects that are not paths, or not as path.resolve makes them",
      [
        ["os", "homedir", '="/h"'],
        ["date", "Etc/UTC", "2026-12-03"],
        ["stat", "relative/x", "ENOENT"],
        ["stat", "/a/../b", "ENOENT"],
        ["stat", "/a//b", "ENOENT"],
        ["realpath", "/a/", "=/a"],
      ],
    ],
    ["names with odd characters", [["stat", `${DEEP}/a b/é\n/%2F`, "ENOENT"]]],
    [
      "deep paths not as path.resolve makes them",
      [
        ["stat", `/${DEEP}/x`, "ENOENT"],
        ["stat", `${DEEP}//x`, "ENOENT"],
        ["stat", `${DEEP}/x/`, "ENOENT"],
        ["stat", `${DEEP}/./x`, "ENOENT"],
        ["stat", `${DEEP}/../x`, "ENOENT"],
        ["stat", `${DEEP}/x/..`, "ENOENT"],
      ],
    ],
    [
      "siblings and cousins deep in a tree",
      [
        ["stat", `${DEEP}/a/AGENTS.md`, [1, 2, 3, 4, 5]],
        ["lstat", `${DEEP}/a/link`, "ENOENT"],
        ["stat-of", `${DEEP}/b/c/x`, [32768, 5], "type,size"],
        ["realpath", `${DEEP}/b`, `=${DEEP}/b`],
        ["stat", "/w/shallow", "ENOENT"],
      ],
    ],
  ])("gives back %s", (_name, looks) => {
    const packed = packLooks(looks);
    expect(unpackLooks(packed)).toEqual(looks);
    expect(packed.folders[0]).toEqual([-1, ""]);
    packed.folders.forEach(([parent], i) => {
      if (i > 0) expect(parent).toBeLessThan(i);
    });
  });

  it("writes a path in a shallower folder whole, and names a deeper one's folder", () => {
    const packed = packLooks([
      ["stat", `${DEEP.slice(0, DEEP.lastIndexOf("/"))}/x`, "ENOENT"],
      ["stat", `${DEEP}/x`, "ENOENT"],
    ]);
    expect(packed.looks.map(([, folder, name]) => [folder, name])).toEqual([
      [-1, `${DEEP.slice(0, DEEP.lastIndexOf("/"))}/x`],
      [ANCHOR_STRIDE, "x"],
    ]);
  });

  it("writes a deep path not as path.resolve makes it whole (a replay moves only along plain names)", () => {
    const odd = [`/${DEEP}/x`, `${DEEP}//x`, `${DEEP}/x/`, `${DEEP}/./x`, `${DEEP}/../x`, `${DEEP}/x/..`];
    const packed = packLooks(odd.map((path): Look => ["stat", path, "ENOENT"]));
    expect(packed.looks.map(([, folder, name]) => [folder, name])).toEqual(odd.map((path) => [-1, path]));
  });

  it("writes each folder's name once: a deep tree's memo grows with its folders, not their depth", () => {
    const looks: Look[] = [];
    let folder = "/w";
    for (let i = 0; i < 400; i++) {
      folder += `/d${i}`;
      for (const name of ["AGENTS.md", "CLAUDE.md", ".pi"]) looks.push(["stat", `${folder}/${name}`, "ENOENT"]);
    }
    const packed = packLooks(looks);
    expect(packed.folders).toHaveLength(402); // the root, /w, d0 … d399
    expect(unpackLooks(packed)).toEqual(looks);
    const written = JSON.stringify(packed).length;
    expect(written).toBeLessThan(60_000);
    expect(JSON.stringify(looks).length).toBeGreaterThan(20 * written);
  });
});
