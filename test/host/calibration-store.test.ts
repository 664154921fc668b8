import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { harnessCalibrationParser } from "../../src/setup/load-harness-calibration.js";
import {
  calibrationFile,
  loadCalibration,
  promptcCacheDir,
  writeCalibration,
} from "../../src/host/calibration-store.js";
import { createMemoryHost, type MemoryEntry } from "../../src/host/memory-host.js";

const CACHE = "/h/.cache/promptc";
const entry = (agentVersion: string, profile = "pi") =>
  JSON.stringify({ profile, agentVersion, source: "s", prose: {} });
const host = (files: Record<string, MemoryEntry>) => createMemoryHost({ home: "/h", files });
const load = (files: Record<string, MemoryEntry>, options: Parameters<typeof loadCalibration>[3] = {}) => {
  const r = loadCalibration(host(files), "pi", harnessCalibrationParser("pi"), options);
  return { file: r.value?.file, version: r.value?.version, rules: r.diagnostics.map((d) => [d.rule, d.severity]) };
};

describe("loadCalibration", () => {
  it.each<[string, Record<string, MemoryEntry>, Parameters<typeof loadCalibration>[3], ReturnType<typeof load>]>([
    ["nothing cached: nothing, quietly", {}, {}, { file: undefined, version: undefined, rules: [] }],
    [
      "the wanted version before a newer one",
      {
        [`${CACHE}/calibration/pi/0.73.1.json`]: entry("0.73.1"),
        [`${CACHE}/calibration/pi/0.80.0.json`]: entry("0.80.0"),
      },
      { version: "0.73.1" },
      { file: `${CACHE}/calibration/pi/0.73.1.json`, version: "0.73.1", rules: [] },
    ],
    [
      "else the newest",
      {
        [`${CACHE}/calibration/pi/0.73.1.json`]: entry("0.73.1"),
        [`${CACHE}/calibration/pi/0.80.0.json`]: entry("0.80.0"),
      },
      { version: "0.1.0" },
      { file: `${CACHE}/calibration/pi/0.80.0.json`, version: "0.80.0", rules: [] },
    ],
    [
      "only the exact version when the profile reproduces one: another is named, not used",
      { [`${CACHE}/calibration/pi/0.80.0.json`]: entry("0.80.0") },
      { version: "0.73.1", exactVersion: true },
      { file: undefined, version: undefined, rules: [["calibration/stale", "info"]] },
    ],
    [
      "an entry of the old layout is read and named",
      { [`${CACHE}/calibration/pi-0.73.1.json`]: entry("0.73.1") },
      { version: "0.73.1", exactVersion: true },
      { file: `${CACHE}/calibration/pi-0.73.1.json`, version: "0.73.1", rules: [["calibration/old-layout", "info"]] },
    ],
    [
      "the current layout before the old one for the same version",
      {
        [`${CACHE}/calibration/pi-0.73.1.json`]: entry("0.73.1"),
        [`${CACHE}/calibration/pi/0.73.1.json`]: entry("0.73.1"),
      },
      { version: "0.73.1" },
      { file: `${CACHE}/calibration/pi/0.73.1.json`, version: "0.73.1", rules: [] },
    ],
    [
      "corrupt JSON, bytes that are not UTF-8 and another agent's entry are skipped with a warning each",
      {
        [`${CACHE}/calibration/pi/0.90.0.json`]: "{",
        [`${CACHE}/calibration/pi/0.80.0.json`]: new Uint8Array([0xff, 0xfe]),
        [`${CACHE}/calibration/pi/0.75.0.json`]: entry("0.75.0", "gemini-cli"),
        [`${CACHE}/calibration/pi/0.73.1.json`]: entry("0.73.1"),
      },
      {},
      {
        file: `${CACHE}/calibration/pi/0.73.1.json`,
        version: "0.73.1",
        rules: [
          ["calibration/corrupt", "warning"],
          ["calibration/corrupt", "warning"],
          ["calibration/corrupt", "warning"],
        ],
      },
    ],
    [
      "a file whose name says another version than it holds is stale",
      { [`${CACHE}/calibration/pi/0.73.1.json`]: entry("0.70.0") },
      { version: "0.73.1" },
      { file: undefined, version: undefined, rules: [["calibration/stale", "warning"]] },
    ],
    [
      "an unreadable entry is a warning",
      { [`${CACHE}/calibration/pi/0.73.1.json`]: { file: entry("0.73.1"), unreadable: true } },
      {},
      { file: undefined, version: undefined, rules: [["calibration/unreadable", "warning"]] },
    ],
  ])("%s", (_name, files, options, expected) => {
    expect(load(files, options)).toEqual(expected);
  });

  it("follows XDG_CACHE_HOME when it is absolute, else ~/.cache", () => {
    expect(promptcCacheDir(createMemoryHost({ home: "/h", env: { XDG_CACHE_HOME: "/x" } }))).toBe("/x/promptc");
    expect(promptcCacheDir(createMemoryHost({ home: "/h", env: { XDG_CACHE_HOME: "rel" } }))).toBe(CACHE);
  });
});

describe("harnessCalibrationParser", () => {
  it("keeps the install calibration ran and the agent's bundled skills, dropping malformed ones", () => {
    const text = JSON.stringify({
      profile: "gemini-cli",
      agentVersion: "0.61.0",
      source: "ran /u/bin/gemini",
      prose: {},
      install: { bin: "/u/bin/gemini", packageDir: "/u/lib/gemini-cli" },
      bundledSkills: [
        { name: "s", description: "d", path: "/u/lib/gemini-cli/bundle/builtin/s/SKILL.md" },
        { name: 1 },
      ],
    });
    expect(harnessCalibrationParser("gemini-cli")(text, "f").value?.value).toEqual({
      profile: "gemini-cli",
      agentVersion: "0.61.0",
      source: "ran /u/bin/gemini",
      prose: {},
      install: { bin: "/u/bin/gemini", packageDir: "/u/lib/gemini-cli" },
      bundledSkills: [{ name: "s", description: "d", path: "/u/lib/gemini-cli/bundle/builtin/s/SKILL.md" }],
    });
  });
});

describe("writeCalibration", () => {
  it("writes calibration/<agent>/<version>.json, private to the user, and refuses a key that is not a file name", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-calibration-store-"));
    const file = writeCalibration(cache, "pi", "0.73.1", { profile: "pi" });
    expect(file).toBe(calibrationFile(cache, "pi", "0.73.1"));
    expect([readFileSync(file, "utf8"), statSync(file).mode & 0o777]).toEqual(['{"profile":"pi"}\n', 0o600]);
    expect(() => writeCalibration(cache, "pi", "../x", {})).toThrow(/not a file name/);
  });
});
