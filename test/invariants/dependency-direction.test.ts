// DESIGN.md: dependencies point one way — model ← tokens ← fragments ← profiles ← compile ← session ←
// compact/cache ← lint ← loop/capture ← cli — and host/ and discover/ only feed data in: no core module imports
// them, and they import nothing above the compiler (no session, compaction, lint, loop, …). setup/ sits on
// discover/, host/ (its ports), profiles/ and session-log/ and serves scenario/, the loop and cli/.
import { describe, expect, it } from "vitest";
import { importGraph } from "./import-graph.js";
import { sourceFiles } from "./source-files.js";

const RANK: { [layer: string]: number } = {
  model: 0,
  tokens: 1,
  fragments: 2,
  profiles: 3,
  compile: 4,
  session: 5,
  "session-log": 5.5,
  setup: 5.8,
  compact: 6,
  cache: 6,
  scenario: 6.5,
  report: 6.5,
  lint: 7,
  loop: 8,
  capture: 8,
  cli: 9,
  vitest: 9,
  index: 9,
};
/** The IO edges: the core may not import them. */
const EDGES = new Set(["host", "discover", "node", "bin"]);
/** What host/ and discover/ may not import: everything that consumes the data they feed in. */
const ABOVE_FEEDERS = new Set([
  "setup",
  "session",
  "compact",
  "cache",
  "scenario",
  "lint",
  "loop",
  "capture",
  "cli",
  "vitest",
  "index",
]);
/**
 * IO places inside core folders (their own entry points and adapters, lint's file-system layer, the loaders of
 * scenarios and session logs), as the purity test allows: they may import the IO edges, and otherwise follow
 * their folder's rank.
 */
const EDGE_FILES = [
  /^loop\/node\.ts$/,
  /^loop\/providers\//,
  /^loop\/tools\//,
  /^capture\/server\//,
  /^cli\//,
  /^lint\/workspace\//,
  /^setup\//,
  /^scenario\/load-scenario\.ts$/,
  /^scenario\/setup-scenario-turns\.ts$/,
  /^scenario\/compile-scenario-file\.ts$/,
  /^session-log\/read-session-log\.ts$/,
  /^session-log\/harness\/read-agent-session\.ts$/,
  // The vitest entry reads the machine's paths (discover/) to write request snapshots with placeholders.
  /^vitest\.ts$/,
];

const layerOf = (file: string) => file.split("/")[0]!.replace(/\.ts$/, "");

/** `file → target` for every import that points to a later layer, from the core to an IO edge, or from an IO edge upward. */
function violations(files: string[], importsOf: (file: string) => string[]): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = layerOf(file);
    if (from === "node" || from === "bin") continue;
    const isFeeder = from === "host" || from === "discover";
    const isEdgeFile = EDGE_FILES.some((re) => re.test(file));
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      if (to === from) continue;
      const wrongWay = isFeeder
        ? ABOVE_FEEDERS.has(to)
        : (EDGES.has(to) && !isEdgeFile) || (RANK[to] ?? 0) > RANK[from]!;
      if (wrongWay) wrong.push(`${file} → ${target}`);
    }
  }
  return wrong;
}

describe("dependency direction", () => {
  const files = sourceFiles();
  const graph = importGraph();
  const importsOf = (file: string) => (graph.get(file) ?? []).map((edge) => edge.target);

  it("knows every top-level folder of src/", () => {
    const unknown = [...new Set(files.map(layerOf))].filter((l) => !(l in RANK) && !EDGES.has(l));
    expect(unknown).toEqual([]);
  });

  it("has no core module importing a later layer or an IO edge, and no IO edge importing what it feeds", () => {
    expect(violations(files, importsOf)).toEqual([]);
  });

  it("catches an upward import, a core import of discovery and a feeder importing a consumer (self-check)", () => {
    const fake: { [file: string]: string[] } = {
      "session/a.ts": ["cache/common-prefix.ts", "compile/compile.ts"],
      "compile/b.ts": ["discover/load-prose.ts"],
      "cli/c.ts": ["discover/load-prose.ts"],
      "host/d.ts": ["loop/policy/limits.ts", "model/items.ts", "session-log/session-log.ts"],
      "discover/e.ts": [
        "lint/rules/file-too-large.ts",
        "session/session.ts",
        "compact/summary.ts",
        "profiles/discovery-rules.ts",
      ],
      "lint/workspace/f.ts": ["discover/paths.ts", "loop/tool.ts"],
      "scenario/load-scenario.ts": ["discover/load-turn-context.ts"],
      "scenario/g.ts": ["host/host.ts"],
    };
    expect(violations(Object.keys(fake), (f) => fake[f]!)).toEqual([
      "session/a.ts → cache/common-prefix.ts",
      "compile/b.ts → discover/load-prose.ts",
      "host/d.ts → loop/policy/limits.ts",
      "discover/e.ts → lint/rules/file-too-large.ts",
      "discover/e.ts → session/session.ts",
      "discover/e.ts → compact/summary.ts",
      "lint/workspace/f.ts → loop/tool.ts",
      "scenario/g.ts → host/host.ts",
    ]);
  });
});
