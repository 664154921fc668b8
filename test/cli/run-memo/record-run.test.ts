// The watcher notes what a run looked at through the modules it hands out, keeps what it wrote to fd 1 and 2, and
// refuses the memo for anything no look covers.
import * as fs from "node:fs";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { recordRun, type Recorder } from "../../../src/cli/run-memo/record-run.js";
import { lookAgain } from "../../../src/cli/run-memo/look.js";
import { useScratchDir } from "../../scratch-dir.js";

const dir = useScratchDir("promptc-record-");
const cache = join(dir, "cache");
mkdirSync(join(dir, "sub"), { recursive: true });
writeFileSync(join(dir, "a.txt"), "hello");

let recorder: Recorder | undefined;
afterEach(() => recorder?.stop());

function watch(): { recorder: Recorder; fs: typeof fs } {
  recorder = recordRun({ unwatched: [cache] });
  return { recorder, fs: recorder.require("node:fs") as typeof fs };
}

describe("recordRun", () => {
  it("notes a read file and a listed folder with their whole stat, taken first", () => {
    const { recorder: r, fs: watched } = watch();
    expect(watched.readFileSync(join(dir, "a.txt"), "utf8")).toBe("hello");
    watched.readdirSync(join(dir, "sub"));
    r.stop();
    expect(r.recording.looks).toEqual([
      ["stat", join(dir, "a.txt"), lookAgain("stat", join(dir, "a.txt"))],
      ["stat", join(dir, "sub"), lookAgain("stat", join(dir, "sub"))],
    ]);
    expect(r.recording.refused).toBeUndefined();
    expect(r.recording.newestMs).toBeGreaterThan(0);
  });

  it("notes only the fields a run reads of a stat", () => {
    const { recorder: r, fs: watched } = watch();
    const st = watched.statSync(join(dir, "sub"));
    expect(st.isDirectory()).toBe(true);
    expect(watched.statSync(join(dir, "none"), { throwIfNoEntry: false })).toBeUndefined();
    expect(() => watched.lstatSync(join(dir, "a.txt", "x"))).toThrow();
    const file = watched.statSync(join(dir, "a.txt"));
    expect(file.size).toBe(5);
    r.stop();
    expect(r.recording.looks).toEqual(
      expect.arrayContaining([
        ["stat", join(dir, "none"), "ENOENT"],
        ["lstat", join(dir, "a.txt", "x"), "ENOTDIR"],
        ["stat-of", join(dir, "sub"), lookAgain("stat-of", join(dir, "sub"), "type"), "type"],
        ["stat-of", join(dir, "a.txt"), lookAgain("stat-of", join(dir, "a.txt"), "size,type"), "size,type"],
      ]),
    );
    expect(r.recording.looks).toHaveLength(4);
  });

  it("hands a callback stat's answer back watched", async () => {
    const { recorder: r, fs: watched } = watch();
    const mtime = await new Promise<number>((done, fail) =>
      watched.stat(join(dir, "a.txt"), (err, st) => (err ? fail(err) : done(st.mtimeMs))),
    );
    r.stop();
    expect(r.recording.looks).toEqual([["stat-of", join(dir, "a.txt"), [mtime, 32768], "mtimeMs,type"]]);
  });

  it("keeps what is written to fd 1 and 2, in order", () => {
    const { recorder: r, fs: watched } = watch();
    const write = watched.writeSync;
    // Written to /dev/null-like descriptors would lose nothing; fd 1 and 2 are the test runner's own here.
    write(2, "");
    r.recording.output.length = 0;
    write(1, Buffer.from("é\n"));
    write(2, "two");
    r.stop();
    expect(r.recording.output).toEqual([
      [1, Buffer.from("é\n").toString("latin1")],
      [2, "two"],
    ]);
  });

  it("notes each variable read, and the whole environment once it is listed", () => {
    process.env["PROMPTC_RECORD_TEST"] = "x";
    const { recorder: r } = watch();
    void process.env["PROMPTC_RECORD_TEST"];
    void ("PROMPTC_RECORD_UNSET" in process.env);
    r.stop();
    expect(r.recording.env).toEqual([
      ["PROMPTC_RECORD_TEST", "x"],
      ["PROMPTC_RECORD_UNSET", null],
    ]);
    const { recorder: listed } = watch();
    void Object.keys(process.env);
    listed.stop();
    expect(listed.recording.env.at(-1)?.[0]).toBe("*");
    delete process.env["PROMPTC_RECORD_TEST"];
  });

  it("reads and writes the caches unwatched", () => {
    const { recorder: r, fs: watched } = watch();
    watched.mkdirSync(cache, { recursive: true });
    watched.writeFileSync(join(cache, "counts"), "1");
    watched.readFileSync(join(cache, "counts"));
    r.stop();
    expect(r.recording.looks).toEqual([]);
    expect(r.recording.refused).toBeUndefined();
  });

  it.each<[string, (r: Recorder, watched: typeof fs) => void, string]>([
    ["a write outside the caches", (_r, w) => w.writeFileSync(join(dir, "out.txt"), "x"), "fs.writeFileSync"],
    ["opening a file for writing", (_r, w) => w.closeSync(w.openSync(join(dir, "out2.txt"), "w")), "a write to"],
    ["an fs function no look covers", (_r, w) => void w.statfsSync(dir), "fs.statfsSync"],
    ["fs.promises", (_r, w) => void w.promises.stat(join(dir, "a.txt")), "fs.promises.stat"],
    [
      "a child process",
      (r) =>
        (r.require("node:child_process") as typeof import("node:child_process")).execFileSync(process.execPath, [
          "-e",
          "0",
        ]),
      "child_process.execFileSync",
    ],
    ["a file required", (r) => r.require(join(dir, "a.json")), "require("],
    ["the clock", () => Date.now(), "the clock"],
    ["a new Date of now", () => new Date(), "the clock"],
    ["the clock through performance (a lazy global)", () => performance.now(), "the clock"],
    ["the process's start through performance", () => performance.timeOrigin, "the clock"],
    // Reflect.construct: @types/node types the global's constructor as PerformanceEntry's protected one.
    [
      "a performance mark's time",
      () => (Reflect.construct(PerformanceMark, ["m"]) as { startTime: number }).startTime,
      "the clock",
    ],
    ["an event's time stamp", () => new Event("x").timeStamp, "the clock"],
    ["the process's uptime", () => process.uptime(), "the clock"],
    ["randomness", () => Math.random(), "randomness"],
    ["standard input", () => void process.stdin, "standard input"],
    ["the system's time zone", () => Intl.DateTimeFormat().resolvedOptions(), "the system's time zone"],
    [
      "a change to the environment",
      () => void (process.env["PROMPTC_RECORD_SET"] = "1"),
      "a change to the environment",
    ],
    ["comparing in the system's locale", () => "a".localeCompare("b"), "the system's locale"],
    ["a collator of the system's locale", () => new Intl.Collator().compare("a", "b"), "the system's locale"],
    ["a number in the system's locale", () => (1234).toLocaleString(), "the system's locale"],
    ["an os function no look covers", (r) => (r.require("node:os") as typeof import("node:os")).cpus(), "os.cpus"],
  ])("refuses %s", (_name, act, reason) => {
    writeFileSync(join(dir, "a.json"), "{}");
    const { recorder: r, fs: watched } = watch();
    act(r, watched);
    r.stop();
    expect(r.recording.refused).toContain(reason);
    delete process.env["PROMPTC_RECORD_SET"];
  });

  it("refuses nothing for a date read, a fixed Date, a named locale, making the cache folder, or pure modules", () => {
    const { recorder: r, fs: watched } = watch();
    void new Date(0).toISOString();
    void "a".localeCompare("b", "en");
    void (1234).toLocaleString("en-US");
    watched.mkdirSync(join(cache, "deeper"), { recursive: true });
    watched.mkdirSync(cache, { recursive: true });
    (r.require("node:path") as typeof import("node:path")).join("a", "b");
    r.stop();
    expect(r.recording.refused).toBeUndefined();
  });

  it("puts back what it replaced when stopped", () => {
    const before = { env: process.env, now: Date.now, date: Date, random: Math.random, dtf: Intl.DateTimeFormat };
    const { recorder: r } = watch();
    expect(process.env).not.toBe(before.env);
    r.stop();
    expect({ env: process.env, now: Date.now, date: Date, random: Math.random, dtf: Intl.DateTimeFormat }).toEqual(
      before,
    );
    expect(Date.now).toBe(before.now);
  });

  it("puts back the globals that tell the time, whether the run read them or not", () => {
    const names = ["performance", "PerformanceMark", "Event"] as const;
    const before = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name));
    const now = performance.now;
    for (const read of [false, true]) {
      const { recorder: r } = watch();
      if (read) void [performance.now(), PerformanceMark, Event];
      r.stop();
      expect(names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name))).toEqual(before);
      expect(performance.now).toBe(now);
    }
  });

  it("notes an os answer as a replay sees it", () => {
    const { recorder: r } = watch();
    const os = r.require("node:os") as { homedir: () => string };
    os.homedir();
    r.stop();
    expect(r.recording.looks).toEqual([["os", "homedir", lookAgain("os", "homedir")]]);
  });
});
