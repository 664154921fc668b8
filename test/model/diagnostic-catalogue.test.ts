// The diagnostic catalogue: ids unique and well formed, one line each, and complete — every diagnostic id a
// string literal in src/ names is in it (lint rule ids are their rules' own), and none is stale.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIAGNOSTIC_CATALOGUE, findDiagnosticInfo } from "../../src/model/diagnostic-catalogue.js";
import { lintRulesById } from "../../src/lint/rules/index.js";
import { sourceFiles, SRC } from "../invariants/source-files.js";

const ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*\/[a-z0-9]+(-[a-z0-9]+)*$/;
const LITERAL = /["'`]([a-z][a-z0-9]*(?:-[a-z0-9]+)*\/[a-z0-9]+(?:-[a-z0-9]+)*)["'`]/g;

/** String literals in src/ shaped like an id that are not diagnostic ids (mime types, paths, entry names, …). */
const NOT_DIAGNOSTIC_IDS = new Set([
  "agent-ecosystem/skill-validator", // a rule source's title (lint/sources.ts)
  "application/json",
  "text/event-stream",
  "image/gif",
  "image/jpeg",
  "image/png",
  "image/webp",
  "family/kebab-name", // the id format, in a doc comment
  "fixtures/scenarios", // default folders of `promptc snapshot`
  "snapshots/scenarios",
  "openai/gpt-5", // a model slug, in a doc comment
  "promptc/node", // package entry names
  "promptc/vitest",
  "tools/cli", // example paths in lint comments
  "dev-packages/e2e-tests",
]);

const CATALOGUE_FILE = "model/diagnostic-catalogue.ts";

/** Every id-shaped literal in the text, in order of appearance. */
function idLiterals(text: string): string[] {
  return [...text.matchAll(LITERAL)].map((m) => m[1]!);
}

/** id → the files whose literals name it, for every non-lint-rule id-shaped literal in src/ (the catalogue aside). */
function idsInSource(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles()) {
    if (file === CATALOGUE_FILE) continue;
    for (const id of idLiterals(readFileSync(join(SRC, file), "utf8"))) {
      if (lintRulesById.has(id) || NOT_DIAGNOSTIC_IDS.has(id)) continue;
      found.set(id, [...new Set([...(found.get(id) ?? []), file])]);
    }
  }
  return found;
}

describe("DIAGNOSTIC_CATALOGUE", () => {
  const ids = DIAGNOSTIC_CATALOGUE.map((entry) => entry.id);

  it("lists each id once, well formed, and none that is a lint rule's", () => {
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !ID.test(id))).toEqual([]);
    expect(ids.filter((id) => lintRulesById.has(id))).toEqual([]);
  });

  it("explains every id in one line", () => {
    const bad = DIAGNOSTIC_CATALOGUE.filter(
      (e) => e.summary.trim() === "" || e.summary.includes("\n") || !e.summary.endsWith("."),
    );
    expect(bad).toEqual([]);
  });

  it("has every diagnostic id that src/ emits (add a new id to src/model/diagnostic-catalogue.ts)", () => {
    const missing = [...idsInSource()]
      .filter(([id]) => findDiagnosticInfo(id) === undefined)
      .map(([id, files]) => `${id} (${files.join(", ")})`);
    expect(missing).toEqual([]);
  });

  it("has no id that src/ no longer emits", () => {
    const used = idsInSource();
    expect(ids.filter((id) => !used.has(id))).toEqual([]);
  });

  it("finds ids in double, single and backtick quotes, and nothing else (self-check)", () => {
    const text =
      'diagnostic("agents-md/truncated", …); const r = cut ? \'session/truncated-line\' : `session/malformed-line`; "not an id"; "a/b/c"; "Upper/case"';
    expect(idLiterals(text)).toEqual(["agents-md/truncated", "session/truncated-line", "session/malformed-line"]);
  });
});

describe("findDiagnosticInfo", () => {
  it("returns the entry of a known id and undefined for an unknown one", () => {
    expect(findDiagnosticInfo("scenario/empty")).toEqual({
      id: "scenario/empty",
      summary: "The scenario file is empty.",
    });
    expect(findDiagnosticInfo("scenario/nope")).toBeUndefined();
  });
});
