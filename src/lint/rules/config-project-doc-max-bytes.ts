// config/project-doc-max-bytes: `project_doc_max_bytes` set above 64 KiB, or to 0 (which disables AGENTS.md). Pure.
import { defineRule } from "../define-rule.js";
import { parseTomlKeys } from "../parse-toml-keys.js";
import { formatInt, limitsSchema } from "../rule-utils.js";
import { AGNIX_RULES, CODEX_AGENTS_MD } from "../sources.js";

export const configProjectDocMaxBytes = defineRule({
  id: "config/project-doc-max-bytes",
  meta: {
    description: "`project_doc_max_bytes` stays between 1 and 65,536 bytes",
    rationale:
      "Raising the AGENTS.md budget past 64 KiB sends tens of thousands of tokens on every request; 0 silently disables all project docs.",
    defaultSeverity: "warn",
    appliesTo: ["codex-config"],
    targets: ["codex"],
    basis: "vendor",
    sources: [CODEX_AGENTS_MD, AGNIX_RULES],
    messages: {
      tooHigh:
        "project_doc_max_bytes = {{value}} sends up to {{value}} bytes of AGENTS.md on every request; keep it at most {{max}}",
      zero: "project_doc_max_bytes = 0 disables every AGENTS.md",
      notInt: "project_doc_max_bytes must be a non-negative integer",
    },
    optionsSchema: limitsSchema("maxBytes"),
    defaultOptions: { maxBytes: 65536 },
  },
  check({ file, options, report }) {
    const parsed = parseTomlKeys(file.text);
    if (!parsed.ok) return;
    for (const k of parsed.keys.filter((x) => x.key === "project_doc_max_bytes")) {
      const scope =
        k.path === k.key
          ? parsed.data
          : (k.path
              .split(".")
              .slice(0, -1)
              .reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], parsed.data) as
              | Record<string, unknown>
              | undefined);
      const v = scope?.["project_doc_max_bytes"];
      const place = { line: k.line, column: k.column };
      const n = typeof v === "bigint" ? Number(v) : v;
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0) report({ messageId: "notInt", place });
      else if (n === 0) report({ messageId: "zero", place });
      else if (n > options.maxBytes)
        report({ messageId: "tooHigh", data: { value: formatInt(n), max: formatInt(options.maxBytes) }, place });
    }
  },
});
