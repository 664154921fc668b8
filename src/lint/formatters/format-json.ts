// The machine-readable JSON format (schema version 1, documented by LINT_JSON_SCHEMA). Pure.
import type { LintRunResult } from "../run.js";

export const LINT_JSON_VERSION = 1;

export function formatJson(run: LintRunResult, tool: { name: string; version: string }): string {
  const doc = {
    version: LINT_JSON_VERSION,
    tool,
    filesChecked: run.results.length,
    results: run.results.map((r) => ({
      filePath: r.path,
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      infoCount: r.infoCount,
      fixableCount: r.fixableCount,
      messages: r.messages.map((m) => ({
        ruleId: m.rule,
        messageId: m.messageId,
        severity: m.severity,
        message: m.message,
        line: m.place?.line ?? 1,
        column: m.place?.column ?? 1,
        ...(m.place?.endLine !== undefined ? { endLine: m.place.endLine, endColumn: m.place.endColumn } : {}),
        ...(m.fix ? { fix: { kind: m.fixKind, range: [m.fix.start, m.fix.end], text: m.fix.text } } : {}),
        ...(m.data ? { data: m.data } : {}),
        fingerprint: m.fingerprint,
      })),
    })),
    summary: {
      errorCount: run.errorCount,
      warningCount: run.warningCount,
      infoCount: run.infoCount,
      fixableCount: run.fixableCount,
    },
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

const place = { type: "integer", minimum: 1 };

/** JSON Schema (draft-07) of `promptc lint --format json`; bump LINT_JSON_VERSION on breaking changes. */
export const LINT_JSON_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://promptc.dev/schema/lint-result-v1.json",
  title: "promptc lint result",
  type: "object",
  required: ["version", "tool", "filesChecked", "results", "summary"],
  properties: {
    version: { const: LINT_JSON_VERSION },
    tool: {
      type: "object",
      required: ["name", "version"],
      properties: { name: { type: "string" }, version: { type: "string" } },
    },
    filesChecked: { type: "integer", minimum: 0 },
    results: {
      type: "array",
      items: {
        type: "object",
        required: ["filePath", "messages", "errorCount", "warningCount", "infoCount", "fixableCount"],
        properties: {
          filePath: { type: "string", description: "project-relative, '/'-separated" },
          errorCount: { type: "integer" },
          warningCount: { type: "integer" },
          infoCount: { type: "integer" },
          fixableCount: { type: "integer", description: "findings with a safe fix" },
          messages: {
            type: "array",
            items: {
              type: "object",
              required: ["ruleId", "messageId", "severity", "message", "line", "column"],
              properties: {
                ruleId: { type: "string", pattern: "^[a-z]+/[a-z0-9-]+$" },
                messageId: { type: "string" },
                severity: { enum: ["error", "warning", "info"] },
                message: { type: "string" },
                line: place,
                column: place,
                endLine: place,
                endColumn: place,
                fix: {
                  type: "object",
                  properties: {
                    kind: { enum: ["safe", "suggest"] },
                    range: { type: "array", items: { type: "integer" } },
                    text: { type: "string" },
                  },
                },
                data: { type: "object" },
                fingerprint: { type: "string" },
              },
            },
          },
        },
      },
    },
    summary: { type: "object", required: ["errorCount", "warningCount", "infoCount", "fixableCount"] },
  },
} as const;
