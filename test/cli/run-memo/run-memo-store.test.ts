// Memo files: keyed by the whole command line and build, read back only when well formed and of this key, kept
// to RUN_MEMOS_KEPT and RUN_MEMOS_MAX_BYTES, and not written for a run that was refused, saw a file change moments
// ago, or is too big.
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  readRunMemo,
  runKey,
  runMemoFile,
  runMemoHolds,
  RUN_MEMO_MAX_LOOKS,
  RUN_MEMO_MAX_OUTPUT,
  RUN_MEMOS_KEPT,
  whyNotStored,
  writeRunMemo,
  type RunKeyParts,
} from "../../../src/cli/run-memo/run-memo-store.js";
import { newRunRecording, type RunRecording } from "../../../src/cli/run-memo/record-run.js";
import { lookAgain, type Look } from "../../../src/cli/run-memo/look.js";
import { packLooks } from "../../../src/cli/run-memo/packed-looks.js";
import { useScratchDir } from "../../scratch-dir.js";

const dir = useScratchDir("promptc-memo-store-");
const PARTS: RunKeyParts = {
  build: "b",
  argv: ["lint", "."],
  cwd: "/w",
  terminals: [false, false],
  user: [1, 1, 1, 1],
  node: "n",
  nodeSettings: [],
};

describe("runKey", () => {
  it.each<[string, Partial<RunKeyParts>]>([
    ["the build", { build: "c" }],
    ["an argument", { argv: ["lint", "./"] }],
    ["the folder", { cwd: "/w2" }],
    ["a terminal on stdout", { terminals: [true, false] }],
    ["the user", { user: [2, 2, 1, 1] }],
    ["a group", { user: [1, 1, 1, 1, 2000] }],
    ["Node", { node: "m" }],
    ["a Node flag", { nodeSettings: ["--no-warnings"] }],
    ["a NODE_ variable", { nodeSettings: ["NODE_NO_WARNINGS=1"] }],
  ])("changes with %s, and so does the file name", (_name, change) => {
    const other = runKey({ ...PARTS, ...change });
    expect(other).not.toBe(runKey(PARTS));
    expect(runMemoFile(dir, other)).not.toBe(runMemoFile(dir, runKey(PARTS)));
  });
});

describe("readRunMemo", () => {
  const key = runKey(PARTS);
  const file = runMemoFile(dir, key);
  it("reads back what was written, for its key only", () => {
    const packed = packLooks([["stat", `${"/d".repeat(20)}/AGENTS.md`, "ENOENT"]]);
    writeRunMemo(dir, file, { key, env: [["HOME", "/h"]], ...packed, output: [[1, "hi\n"]], exitCode: 1 });
    expect(readRunMemo(file, key)).toMatchObject({ key, ...packed, output: [[1, "hi\n"]], exitCode: 1 });
    expect(readRunMemo(file, runKey({ ...PARTS, cwd: "/x" }))).toBeUndefined();
  });
  it.each([
    "",
    "{",
    "null",
    "[]",
    '{"format":1}',
    '{"format":99,"key":"k","env":[],"looks":[],"output":[],"exitCode":0}',
    // The format before looks were packed, and this one without its folders.
    '{"format":2,"key":"k","env":[],"looks":[],"output":[],"exitCode":0}',
    '{"format":3,"key":"k","env":[],"looks":[],"output":[],"exitCode":0}',
  ])("ignores a damaged file: %s", (text) => {
    writeFileSync(join(dir, "bad.json"), text);
    expect(readRunMemo(join(dir, "bad.json"), "k")).toBeUndefined();
  });
});

describe("runMemoHolds", () => {
  it("checks each variable read and each look", () => {
    writeFileSync(join(dir, "seen.txt"), "x");
    const looks: Look[] = [["stat", join(dir, "seen.txt"), lookAgain("stat", join(dir, "seen.txt"))]];
    const memo = {
      format: 3,
      key: "k",
      env: [
        ["A", "1"],
        ["B", null],
      ] as [string, string | null][],
      ...packLooks(looks),
      output: [],
      exitCode: 0,
    };
    expect(runMemoHolds(memo as never, { A: "1" }, process.cwd())).toBe(true);
    expect(runMemoHolds(memo as never, { A: "2" }, process.cwd())).toBe(false);
    expect(runMemoHolds(memo as never, { A: "1", B: "" }, process.cwd())).toBe(false);
    writeFileSync(join(dir, "seen.txt"), "xy");
    expect(runMemoHolds(memo as never, { A: "1" }, process.cwd())).toBe(false);
  });
  it("checks the whole environment's names when the run listed them", () => {
    const memo = {
      format: 3,
      key: "k",
      env: [
        ["A", "1"],
        ["*", "A"],
      ],
      ...packLooks([]),
      output: [],
      exitCode: 0,
    };
    expect(runMemoHolds(memo as never, { A: "1" }, process.cwd())).toBe(true);
    expect(runMemoHolds(memo as never, { A: "1", C: "" }, process.cwd())).toBe(false);
  });
});

describe("whyNotStored", () => {
  const recording = (over: Partial<RunRecording>): RunRecording => ({ ...newRunRecording(), ...over });
  it.each<[string, Partial<RunRecording>, string | undefined]>([
    ["a plain run", {}, undefined],
    ["a refused run", { refused: "the clock" }, "the clock"],
    ["a fine time within the fine settle", { newestMs: 9_950 }, "changed moments ago"],
    ["a fine time just before it", { newestMs: 9_899 }, undefined],
    ["a coarse time within the settle", { newestMs: 9_500, newestCoarseMs: 9_500 }, "changed moments ago"],
    ["a coarse time just before it", { newestMs: 9_500, newestCoarseMs: 7_999 }, undefined],
    ["output at the cap", { output: [[1, "x".repeat(RUN_MEMO_MAX_OUTPUT)]] }, undefined],
    ["too much output", { output: [[1, "x".repeat(RUN_MEMO_MAX_OUTPUT + 1)]] }, "too long"],
    ["looks at the cap", { looks: new Array<Look>(RUN_MEMO_MAX_LOOKS) }, undefined],
    ["too many looks", { looks: new Array<Look>(RUN_MEMO_MAX_LOOKS + 1) }, "too many files"],
  ])("%s", (_name, over, why) => {
    const answer = whyNotStored(recording(over), 10_000, { coarseMs: 2_000, fineMs: 100 });
    if (why === undefined) expect(answer).toBeUndefined();
    else expect(answer).toContain(why);
  });
});

describe("writeRunMemo", () => {
  it(`keeps the newest ${RUN_MEMOS_KEPT} memos`, () => {
    const many = join(dir, "many");
    for (let i = 0; i < RUN_MEMOS_KEPT + 3; i++) {
      const key = runKey({ ...PARTS, argv: [String(i)] });
      const file = runMemoFile(many, key);
      writeRunMemo(many, file, { key, env: [], ...packLooks([]), output: [], exitCode: 0 });
      utimesSync(file, 1000 + i, 1000 + i);
    }
    const kept = readdirSync(many);
    const name = (i: number) => runMemoFile(many, runKey({ ...PARTS, argv: [String(i)] })).slice(many.length + 1);
    expect(kept).toHaveLength(RUN_MEMOS_KEPT);
    // The oldest three went, the last one written stayed.
    for (let i = 0; i < 3; i++) expect(kept).not.toContain(name(i));
    expect(kept).toContain(name(RUN_MEMOS_KEPT + 2));
  });

  // Each memo below takes about 1.1 KB (1,000 bytes of output and its key): a budget of 3,500 bytes keeps three.
  const writeSized = (into: string, i: number, at: number): string => {
    const key = runKey({ ...PARTS, argv: [String(i)] });
    const file = runMemoFile(into, key);
    const output: [1, string][] = [[1, "x".repeat(1000)]];
    writeRunMemo(into, file, { key, env: [], ...packLooks([]), output, exitCode: 0 }, { kept: 64, maxBytes: 3500 });
    utimesSync(file, at, at);
    return file.slice(into.length + 1);
  };

  it("removes the oldest memos while they take more than the byte budget", () => {
    const sized = join(dir, "sized");
    const names = [0, 1, 2, 3, 4].map((i) => writeSized(sized, i, 1000 + i));
    // Each write trimmed the folder to the budget before the next was dated.
    expect(readdirSync(sized).sort()).toEqual(names.slice(2).sort());
  });

  it("never removes the memo it has just written, however old its time", () => {
    const alone = join(dir, "alone");
    writeSized(alone, 0, 2000);
    writeSized(alone, 1, 2001);
    writeSized(alone, 2, 2002);
    // Written last but dated before the others: still there; the oldest others went to meet the budget.
    const last = writeSized(alone, 3, 1);
    expect(readdirSync(alone)).toContain(last);
    expect(readdirSync(alone)).toHaveLength(3);
  });
});
