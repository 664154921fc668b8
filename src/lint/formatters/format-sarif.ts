// SARIF 2.1.0 for code-scanning upload: every registered rule with help text and URI, results with
// repo-relative URIs under %SRCROOT%, regions, and partialFingerprints. Pure.
import type { Rule } from "../define-rule.js";
import type { LintRunResult } from "../run.js";

export const SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json";

const LEVEL = { error: "error", warning: "warning", info: "note" } as const;
const RULE_LEVEL = { error: "error", warn: "warning", info: "note", off: "none" } as const;

/** Percent-encodes each path segment (spaces, #, ?) so the URI stays relative and valid. */
function relativeUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

export function formatSarif(
  run: LintRunResult,
  rules: readonly Rule<any>[],
  tool: { name: string; version: string; informationUri: string },
): string {
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const doc = {
    $schema: SARIF_SCHEMA_URI,
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            informationUri: tool.informationUri,
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.meta.description },
              fullDescription: { text: r.meta.rationale },
              helpUri: r.meta.sources[0]?.url ?? tool.informationUri,
              help: {
                text: `${r.meta.rationale}\n\nSources:\n${r.meta.sources.map((s) => `- ${s.title}: ${s.url}`).join("\n")}`,
              },
              defaultConfiguration: { level: RULE_LEVEL[r.meta.defaultSeverity] },
              properties: { basis: r.meta.basis, fixable: r.meta.fixable, targets: [...r.meta.targets] },
            })),
          },
        },
        originalUriBaseIds: { "%SRCROOT%": { description: { text: "the linted project's root" } } },
        results: run.results.flatMap((r) =>
          r.messages.map((m) => {
            const p = m.place ?? { line: 1, column: 1 };
            const region: { [k: string]: number } = { startLine: p.line, startColumn: p.column };
            if (p.endLine !== undefined) region["endLine"] = p.endLine;
            if (p.endColumn !== undefined) region["endColumn"] = p.endColumn;
            const ruleIndex = index.get(m.rule);
            return {
              ruleId: m.rule,
              ...(ruleIndex !== undefined ? { ruleIndex } : {}),
              level: LEVEL[m.severity],
              message: { text: m.message },
              locations: [
                {
                  physicalLocation: { artifactLocation: { uri: relativeUri(r.path), uriBaseId: "%SRCROOT%" }, region },
                },
              ],
              partialFingerprints: { "promptcFingerprint/v1": m.fingerprint ?? "" },
            };
          }),
        ),
      },
    ],
  };
  return JSON.stringify(doc, null, 2) + "\n";
}
