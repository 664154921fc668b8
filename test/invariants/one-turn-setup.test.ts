// Invariant 8 (DESIGN.md, one path per job) for turns: a turn is set up by setup/'s one function. Outside setup/
// nothing imports its files but its public surface (setup/index.ts), and nothing loads what a setup resolves —
// a TurnContext, a harness turn, prose, a calibration — on its own: a second path is how a scenario turn and a
// directory preview came to send different bytes.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, type ImportEdge } from "./import-graph.js";
import { SRC } from "./source-files.js";

/** What a turn setup loads; only setup/ calls them (discover/ composes its own parts; node.ts re-exports the API). */
const TURN_LOADERS = ["discover/load-turn-context.ts", "discover/load-harness-turn.ts", "discover/load-prose.ts"];
const LOADER_USERS = [/^setup\//, /^discover\//, /^node\.ts$/];
/** setup/'s public surface, and the stored Codex calibration format (its writer lives in capture/). */
const SETUP_SURFACE = ["setup/index.ts", "setup/codex/codex-calibration.ts"];
/** The calibration cache's reader: only setup/ reads entries (host/ holds it; `calibrate` only writes). */
const CALIBRATION_READ = /\bloadCalibration\b/;

function violations(graph: ReadonlyMap<string, readonly ImportEdge[]>, textOf: (file: string) => string): string[] {
  const wrong: string[] = [];
  for (const [file, edges] of graph) {
    const inSetup = file.startsWith("setup/");
    for (const { target, typeOnly } of edges) {
      if (!inSetup && target.startsWith("setup/") && !SETUP_SURFACE.includes(target)) wrong.push(`${file} → ${target}`);
      if (!typeOnly && TURN_LOADERS.includes(target) && !LOADER_USERS.some((re) => re.test(file)))
        wrong.push(`${file} → ${target}`);
      if (target === "host/calibration-store.ts" && !inSetup && CALIBRATION_READ.test(textOf(file)))
        wrong.push(`${file} reads the calibration cache`);
    }
  }
  return wrong.sort();
}

describe("one turn setup", () => {
  it("has no second path: outside setup/ only its surface is imported and no turn loader is called", () => {
    expect(violations(importGraph(), (f) => readFileSync(join(SRC, f), "utf8"))).toEqual([]);
  });

  it("catches a setup file imported from outside, a loader called elsewhere and a calibration read (self-check)", () => {
    const edge = (target: string, typeOnly = false): ImportEdge => ({ target, typeOnly });
    const graph = new Map<string, ImportEdge[]>([
      ["cli/a.ts", [edge("setup/codex/load-codex-model-setup.ts"), edge("setup/index.ts")]],
      ["scenario/b.ts", [edge("discover/load-turn-context.ts"), edge("discover/load-prose.ts", true)]],
      ["cli/c.ts", [edge("host/calibration-store.ts")]],
      ["cli/d.ts", [edge("host/calibration-store.ts")]],
      ["setup/e.ts", [edge("discover/load-harness-turn.ts"), edge("host/calibration-store.ts")]],
    ]);
    const text: { [file: string]: string } = {
      "cli/c.ts": "import { loadCalibration } from '../host/calibration-store.js'",
      "cli/d.ts": "import { writeCalibration } from '../host/calibration-store.js'",
      "setup/e.ts": "loadCalibration(host)",
    };
    expect(violations(graph, (f) => text[f] ?? "")).toEqual([
      "cli/a.ts → setup/codex/load-codex-model-setup.ts",
      "cli/c.ts reads the calibration cache",
      "scenario/b.ts → discover/load-turn-context.ts",
    ]);
  });
});
