// SARIF output against the OASIS SARIF 2.1.0 JSON Schema (fixtures/lint/sarif), plus the GitHub upload rules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { formatSarif } from "../../src/lint/formatters/format-sarif.js";
import { createLintFile } from "../../src/lint/lint-file.js";
import { lintRules } from "../../src/lint/rules/index.js";
import { lintFiles } from "../../src/lint/run.js";
import { projectFor } from "./rule-tester.js";

const schemaPath = join(import.meta.dirname, "..", "..", "fixtures", "lint", "sarif", "sarif-2.1.0-rtm.5.json");

function sarifValidator() {
  const schema = JSON.parse(readFileSync(schemaPath, "utf8")) as { [key: string]: unknown };
  // Draft-04 header: ajv 8 reads the rest of this schema unchanged.
  delete schema["$schema"];
  delete schema["id"];
  return new Ajv({ strict: false, validateFormats: false, allErrors: true, unicodeRegExp: false }).compile(schema);
}

function sampleRun() {
  const code = "# Notes\n\nSee [x](missing%20file.md).\nToken ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5\n";
  const file = createLintFile("docs dir/AGENTS.md", "context", code);
  return lintFiles({ files: [file], project: projectFor({ path: file.path, code }) });
}

describe("formatSarif", () => {
  const tool = { name: "promptc", version: "0.1.0", informationUri: "https://github.com/promptc/promptc" };

  it("validates against the SARIF 2.1.0 schema", () => {
    const doc = JSON.parse(formatSarif(sampleRun(), lintRules, tool));
    const validate = sarifValidator();
    const ok = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    // The validator does reject a malformed log (this test can fail).
    doc.runs[0].results[0].level = "fatal";
    expect(validate(doc)).toBe(false);
  });

  it("lists every rule with a help URI and uses repo-relative URIs, regions and fingerprints", () => {
    const doc = JSON.parse(formatSarif(sampleRun(), lintRules, tool));
    const runDoc = doc.runs[0];
    expect(runDoc.tool.driver.rules.length).toBe(lintRules.length);
    for (const r of runDoc.tool.driver.rules) expect(r.helpUri).toMatch(/^https:\/\//);
    const results = runDoc.results as {
      ruleId: string;
      ruleIndex: number;
      locations: {
        physicalLocation: { artifactLocation: { uri: string; uriBaseId: string }; region: { startLine: number } };
      }[];
      partialFingerprints: { [k: string]: string };
    }[];
    expect(
      results.map((r) => [
        r.ruleId,
        r.locations[0]!.physicalLocation.artifactLocation.uri,
        r.locations[0]!.physicalLocation.region.startLine,
      ]),
    ).toEqual([
      ["ctx/broken-link", "docs%20dir/AGENTS.md", 3],
      ["sec/secret", "docs%20dir/AGENTS.md", 4],
    ]);
    for (const r of results) {
      expect(runDoc.tool.driver.rules[r.ruleIndex].id).toBe(r.ruleId);
      expect(r.locations[0]!.physicalLocation.artifactLocation.uriBaseId).toBe("%SRCROOT%");
      expect(r.partialFingerprints["promptcFingerprint/v1"]).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("keeps fingerprints when lines move", () => {
    const a = sampleRun().results[0]!.messages.map((m) => m.fingerprint);
    const code =
      "# Notes\n\nIntro line.\n\nSee [x](missing%20file.md).\nToken ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5\n";
    const file = createLintFile("docs dir/AGENTS.md", "context", code);
    const b = lintFiles({ files: [file], project: projectFor({ path: file.path, code }) }).results[0]!.messages.map(
      (m) => m.fingerprint,
    );
    expect(b).toEqual(a);
  });
});
