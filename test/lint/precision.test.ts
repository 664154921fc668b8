// The lint precision suite: `promptc lint --preset strict -f json` run in other projects' repositories (at pinned
// commits), every finding compared with its hand label in labels.tsv; the recommended preset's findings are the
// strict ones of rules on by default. Fails on an unlabelled finding, on a labelled-true finding that disappeared,
// on a rule whose precision drops below its declared level, and on a preset whose precision drops below its
// recorded floor (suite.json). The repositories are not committed: test/lint/precision/sources.json lists them,
// clone.mjs clones them and materialize.mjs rebuilds them into test/lint/precision/.data/ (or
// PROMPTC_PRECISION_DATA); without that data the suite skips and says why.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { skipBecause } from "../skip-because.js";
import { lintRulesById } from "../../src/lint/rules/index.js";
import { runCli } from "./run-lint-cli.js";

const SUITE = join(import.meta.dirname, "precision");
/** The suite's "now", so date rules give the same answer on every day. */
const NOW_MS = Date.parse("2026-12-01T00:00:00Z");
const LABELS = ["true", "false", "debatable", "fixture"] as const;
type Label = (typeof LABELS)[number];
const PRESETS = ["recommended", "strict"] as const;
type Preset = (typeof PRESETS)[number];

interface SourceEntry {
  repo: string;
  commit: string;
  licence: string;
  licenceFile: string;
  round: number;
  set: "tuning" | "heldOut";
}
/** materialize.mjs, plain Node: where the data is and whether it is current (imported by name so tsc leaves it alone). */
interface Materialize {
  DATA: string;
  CLONES_VARIABLE: string;
  folderOf(repo: string): string;
  readManifest(): { repos: SourceEntry[] };
  missingData(): string[];
}
const MATERIALIZE = "./precision/materialize.mjs";
const { DATA, CLONES_VARIABLE, folderOf, readManifest, missingData } = (await import(MATERIALIZE)) as Materialize;

interface SuiteLevels {
  /** Lowest precision (true / all findings, strict preset) each rule may have on the whole suite; unlisted: 0.9. */
  declared: { [ruleId: string]: number };
  /** Lowest precision each preset may have on the whole suite: the level measured when the labels were made. */
  floors: { [preset in Preset]: number };
}

export interface Finding {
  repo: string;
  rule: string;
  file: string;
  line: number;
  severity: string;
  message: string;
}

interface LabelRow {
  repo: string;
  rule: string;
  file: string;
  line: number;
  label: Label;
  reason: string;
  message: string;
}

/** A finding's identity: its place and its message (one line may hold several findings of one rule). */
const keyOf = (f: { repo: string; rule: string; file: string; line: number; message: string }): string =>
  `${f.repo}\t${f.rule}\t${f.file}\t${f.line}\t${f.message}`;

function readLabels(): Map<string, LabelRow> {
  const rows = new Map<string, LabelRow>();
  const lines = readFileSync(join(SUITE, "labels.tsv"), "utf8").split("\n");
  for (const [i, line] of lines.entries()) {
    if (i === 0 || line.trim() === "") continue;
    const [repo, rule, file, lineNo, label, reason, message] = line.split("\t");
    if (!LABELS.includes(label as Label))
      throw new Error(`labels.tsv:${i + 1}: label '${label}' is not one of ${LABELS.join(", ")}`);
    if (!reason) throw new Error(`labels.tsv:${i + 1}: a label needs its one-line reason`);
    const row: LabelRow = {
      repo: repo!,
      rule: rule!,
      file: file!,
      line: Number(lineNo),
      label: label as Label,
      reason,
      message: message ?? "",
    };
    if (rows.has(keyOf(row))) throw new Error(`labels.tsv:${i + 1}: a second label for ${keyOf(row)}`);
    rows.set(keyOf(row), row);
  }
  return rows;
}

/** Whether a finding of the strict preset is also one of the recommended preset (its rule is on by default). */
const inRecommended = (f: Finding): boolean => (lintRulesById.get(f.rule)?.meta.defaultSeverity ?? "off") !== "off";
const ofPreset = (findings: readonly Finding[], preset: Preset): Finding[] =>
  preset === "strict" ? [...findings] : findings.filter(inRecommended);

const scratch = mkdtempSync(join(tmpdir(), "promptc-precision-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface LintJson {
  results: { filePath: string; messages: { ruleId: string; severity: string; message: string; line: number }[] }[];
}

/**
 * `promptc lint --preset strict -f json` in one materialized repository, as a user runs it at its root, with an
 * empty home and CODEX_HOME (so this machine's settings change nothing) and the suite's fixed date.
 */
export async function lintSuiteRepo(repo: string): Promise<Finding[]> {
  const home = mkdtempSync(join(scratch, "home-"));
  const root = join(DATA, repo, "repo");
  const args = ["lint", "--preset", "strict", "-f", "json", "--home", home, "--codex-home", join(home, ".codex")];
  const run = await runCli(args, root, undefined, { HOME: home, CODEX_HOME: join(home, ".codex") });
  if (run.code === 2) throw new Error(`promptc lint in ${repo} failed: ${run.stderr}`);
  const doc = JSON.parse(run.stdout) as LintJson;
  return doc.results.flatMap((r) =>
    r.messages.map((m) => ({
      repo,
      rule: m.ruleId,
      file: r.filePath,
      line: m.line,
      severity: m.severity,
      message: m.message,
    })),
  );
}

const manifest = readManifest();
const levels = JSON.parse(readFileSync(join(SUITE, "suite.json"), "utf8")) as SuiteLevels;
const allRepos = manifest.repos.map((e) => folderOf(e.repo));
/** PROMPTC_PRECISION_REPOS=owner+name,… runs part of the suite (labels and lost findings only; floors need all). */
const only = process.env.PROMPTC_PRECISION_REPOS?.split(",").filter(Boolean);
const repos = only ? allRepos.filter((r) => only.includes(r)) : allRepos;
const groupOf = (repo: string): string => {
  const e = manifest.repos.find((x) => folderOf(x.repo) === repo)!;
  return `round ${e.round} ${e.set}`;
};

describe("lint precision suite: sources.json and labels.tsv", () => {
  it("records each repository's commit, licence, round and set, and labels only repositories it lists", () => {
    for (const e of manifest.repos) {
      expect(e.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(e.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(e.licence).toMatch(/^(MIT|Apache-2\.0)$/);
      expect(e.licenceFile.length).toBeGreaterThan(0);
      expect([1, 2]).toContain(e.round);
      expect(["tuning", "heldOut"]).toContain(e.set);
    }
    expect(new Set(allRepos).size).toBe(manifest.repos.length);
    const labelled = new Set([...readLabels().values()].map((l) => l.repo));
    expect([...labelled].filter((r) => !allRepos.includes(r))).toEqual([]);
  });

  it("names no folder of a particular machine", () => {
    const text = ["sources.json", "materialize.mjs", "clone.mjs", "suite.json"]
      .map((f) => readFileSync(join(SUITE, f), "utf8"))
      .join("\n");
    expect(text).not.toMatch(/\/work\/|\.mirror|\/tmp\/|\/home\/|\/Users\//);
  });
});

const missing = missingData().filter((r) => repos.includes(folderOf(r)));
const skipReason =
  missing.length > 0
    ? `test data not materialized in ${DATA} for ${missing.length} of ${repos.length} repositories (${missing.join(", ")}); ` +
      `clone them (\`node test/lint/precision/clone.mjs DIR\`, needs the network), then run ` +
      `\`${CLONES_VARIABLE}=DIR node test/lint/precision/materialize.mjs\``
    : undefined;

describe.skipIf(skipBecause("lint precision suite", skipReason))("lint precision suite", () => {
  const labels = readLabels();
  const findings = new Map<string, Finding[]>();
  const all = (): Finding[] => [...findings.values()].flat();
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW_MS);
  });
  afterAll(() => vi.useRealTimers());

  it("has every repository materialized with its licence beside it", () => {
    for (const d of repos) expect(readFileSync(join(DATA, d, "LICENSE"), "utf8").length).toBeGreaterThan(0);
  });

  for (const repo of repos) {
    it(`lints ${repo} with every finding labelled`, { timeout: 300_000 }, async () => {
      const got = await lintSuiteRepo(repo);
      findings.set(repo, got);
      expect(unlabelledOf(got, labels)).toEqual([]);
    });
  }

  it("keeps every finding labelled true", () => {
    if (process.env.PROMPTC_PRECISION_DUMP)
      writeFileSync(
        process.env.PROMPTC_PRECISION_DUMP,
        all()
          .map((f) => `${keyOf(f)}\t${labels.get(keyOf(f))?.label ?? "?"}\t${f.severity}`)
          .join("\n") + "\n",
      );
    expect(lostTrueOf(all(), labels, repos)).toEqual([]);
  });

  it.skipIf(skipBecause("precision floors", only ? "PROMPTC_PRECISION_REPOS runs part of the suite" : undefined))(
    "keeps each rule at its declared precision and each preset at its recorded floor",
    () => {
      if (process.env.PROMPTC_PRECISION_REPORT) console.log(formatReport(all(), labels));
      expect(belowLevelsOf(all(), labels, levels)).toEqual([]);
    },
  );
});

// The checks above, on made-up findings: each one fails when it should (the data-driven suite skips without data).
describe("lint precision suite: the checks", () => {
  const f = (line: number, rule = "ctx/token-budget"): Finding => ({
    repo: "o+r",
    rule,
    file: "AGENTS.md",
    line,
    severity: "error",
    message: `m${line}`,
  });
  const row = (x: Finding, label: Label): [string, LabelRow] => [keyOf(x), { ...x, label, reason: "r" }];
  const labels = new Map([row(f(1), "true"), row(f(2), "true"), row(f(3), "false")]);
  const levels: SuiteLevels = { declared: {}, floors: { recommended: 0.6, strict: 0.6 } };

  it("names an unlabelled finding, and a finding whose message changed", () => {
    expect(unlabelledOf([f(1), f(4), { ...f(2), message: "other" }], labels)).toEqual([
      keyOf(f(4)),
      keyOf({ ...f(2), message: "other" }),
    ]);
  });
  it("names a true finding that is no longer reported", () => {
    expect(lostTrueOf([f(1), f(3)], labels, ["o+r"])).toEqual([keyOf(f(2))]);
    expect(lostTrueOf([f(1), f(2)], labels, ["o+r"])).toEqual([]);
  });
  it("names a rule below its declared level and a preset below its floor", () => {
    expect(belowLevelsOf([f(1), f(2), f(3)], labels, levels)).toEqual(["ctx/token-budget: 2/3 below 0.9"]);
    expect(belowLevelsOf([f(1), f(3)], labels, { ...levels, declared: { "ctx/token-budget": 0.5 } })).toEqual([
      "recommended preset: 1/2 below 0.6",
      "strict preset: 1/2 below 0.6",
    ]);
    expect(belowLevelsOf([f(1), f(2)], labels, levels)).toEqual([]);
  });
});

/** Findings with no label (a new finding, or one whose place or message changed). */
function unlabelledOf(findings: readonly Finding[], labels: ReadonlyMap<string, LabelRow>): string[] {
  return findings.filter((f) => !labels.has(keyOf(f))).map(keyOf);
}

/** Labelled-true findings of the linted repositories that the run no longer reports. */
function lostTrueOf(
  findings: readonly Finding[],
  labels: ReadonlyMap<string, LabelRow>,
  linted: readonly string[],
): string[] {
  const seen = new Set(findings.map(keyOf));
  return [...labels.values()]
    .filter((l) => l.label === "true" && linted.includes(l.repo) && !seen.has(keyOf(l)))
    .map(keyOf);
}

/** Rules below their declared precision (strict preset, default 0.9) and presets below their recorded floor. */
function belowLevelsOf(
  strict: readonly Finding[],
  labels: ReadonlyMap<string, LabelRow>,
  levels: SuiteLevels,
): string[] {
  const cell = (c: Counts): string => `${c.truePositives}/${c.total}`;
  const rules = precisionByRule(strict, labels)
    .filter((r) => r.counts.precision < (levels.declared[r.rule] ?? 0.9))
    .map((r) => `${r.rule}: ${cell(r.counts)} below ${levels.declared[r.rule] ?? 0.9}`);
  const presets = PRESETS.map((p) => ({ p, c: count(ofPreset(strict, p), labels) }))
    .filter(({ p, c }) => c.precision < levels.floors[p])
    .map(({ p, c }) => `${p} preset: ${cell(c)} below ${levels.floors[p]}`);
  return [...rules, ...presets];
}

interface Counts {
  truePositives: number;
  total: number;
  precision: number;
}

function count(findings: readonly Finding[], labels: ReadonlyMap<string, LabelRow>): Counts {
  const truePositives = findings.filter((f) => labels.get(keyOf(f))?.label === "true").length;
  return {
    truePositives,
    total: findings.length,
    precision: findings.length === 0 ? 1 : truePositives / findings.length,
  };
}

function precisionByRule(
  findings: readonly Finding[],
  labels: ReadonlyMap<string, LabelRow>,
): { rule: string; counts: Counts }[] {
  const rules = [...new Set(findings.map((f) => f.rule))].sort();
  return rules.map((rule) => ({
    rule,
    counts: count(
      findings.filter((f) => f.rule === rule),
      labels,
    ),
  }));
}

/** Markdown tables: each preset's precision per round and set, and each rule's per round and set (strict). */
export function formatReport(findings: readonly Finding[], labels: ReadonlyMap<string, LabelRow>): string {
  const cell = (c: Counts): string =>
    c.total === 0 ? "—" : `${c.truePositives}/${c.total} (${(c.precision * 100).toFixed(1)}%)`;
  const groups = [...new Set(findings.map((f) => groupOf(f.repo)))].sort();
  const head = `| | ${groups.join(" | ")} | all |\n|---|${groups.map(() => "---|").join("")}---|`;
  const row = (name: string, of: readonly Finding[]): string =>
    `| ${name} | ${groups
      .map((g) =>
        cell(
          count(
            of.filter((f) => groupOf(f.repo) === g),
            labels,
          ),
        ),
      )
      .join(" | ")} | ${cell(count(of, labels))} |`;
  const rules = [...new Set(findings.map((f) => f.rule))].sort();
  return [
    head,
    ...PRESETS.map((p) => row(`preset ${p}`, ofPreset(findings, p))),
    ...rules.map((r) =>
      row(
        r,
        findings.filter((f) => f.rule === r),
      ),
    ),
  ].join("\n");
}
