// config/parse: Codex's config.toml parses as TOML (Codex refuses to start otherwise). Pure.
import { defineRule } from "../define-rule.js";
import { parseTomlKeys } from "../parse-toml-keys.js";
import { CODEX_CONFIG } from "../sources.js";

export const configParse = defineRule({
  id: "config/parse",
  meta: {
    description: "Codex `config.toml` is valid TOML",
    rationale: "Codex exits at start-up on a config file that does not parse.",
    defaultSeverity: "error",
    appliesTo: ["codex-config"],
    basis: "vendor",
    sources: [CODEX_CONFIG],
    messages: { invalid: "invalid TOML: {{error}}" },
  },
  check({ file, report }) {
    const parsed = parseTomlKeys(file.text);
    if (!parsed.ok)
      report({
        messageId: "invalid",
        data: { error: parsed.message },
        place: { line: parsed.line, column: parsed.column },
      });
  },
});
