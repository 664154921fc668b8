// config/unknown-key: a top-level config.toml key that is a likely misspelling of a key Codex reads. Pure.
import { defineRule } from "../define-rule.js";
import { parseTomlKeys } from "../parse-toml-keys.js";
import { editDistance } from "../rule-utils.js";
import { CODEX_CONFIG } from "../sources.js";

/** Top-level keys of Codex's config (0.171 reference); unknown keys are ignored by Codex, silently. */
export const CODEX_CONFIG_KEYS = [
  "model",
  "model_provider",
  "model_providers",
  "model_context_window",
  "model_auto_compact_token_limit",
  "model_max_output_tokens",
  "model_reasoning_effort",
  "model_reasoning_summary",
  "model_verbosity",
  "model_supports_reasoning_summaries",
  "approval_policy",
  "sandbox_mode",
  "sandbox_workspace_write",
  "shell_environment_policy",
  "profile",
  "profiles",
  "history",
  "file_opener",
  "hide_agent_reasoning",
  "show_raw_agent_reasoning",
  "tui",
  "notify",
  "developer_instructions",
  "model_instructions_file",
  "experimental_instructions_file",
  "compact_prompt",
  "project_doc_max_bytes",
  "project_doc_fallback_filenames",
  "project_root_markers",
  "mcp_servers",
  "features",
  "tools",
  "skills",
  "projects",
  "otel",
  "review_model",
  "web_search",
  "personality",
  "forced_login_method",
  "chatgpt_base_url",
  "disable_paste_burst",
  "cli_auth_credentials_store",
  "mcp_oauth_credentials_store",
  "check_for_update_on_startup",
  "analytics",
  "feedback",
  "notice",
  "oss_provider",
  "windows_wsl_setup_acknowledged",
  "forced_chatgpt_workspace_id",
];

export const configUnknownKey = defineRule({
  id: "config/unknown-key",
  meta: {
    description: "top-level keys of Codex `config.toml` are not misspellings of keys Codex reads",
    rationale:
      "Codex ignores keys it does not know, so `project_doc_max_byte = 65536` silently keeps the default. By default only likely typos (edit distance ≤ 2 from a known key) are reported; `reportAll` reports every unknown key. The safe fix removes a typo key whose intended key is also set.",
    defaultSeverity: "warn",
    appliesTo: ["codex-config"],
    basis: "vendor",
    sources: [CODEX_CONFIG],
    fixable: "safe",
    messages: {
      typo: "unknown key '{{key}}'; did you mean '{{suggestion}}'? Codex ignores it",
      unknown: "unknown key '{{key}}'; Codex ignores it",
    },
    optionsSchema: { type: "object", additionalProperties: false, properties: { reportAll: { type: "boolean" } } },
    defaultOptions: { reportAll: false },
  },
  check({ file, options, report }) {
    const parsed = parseTomlKeys(file.text);
    if (!parsed.ok) return;
    const top = parsed.keys.filter((k) => !k.path.includes(".") || k.path === k.key);
    const present = new Set(Object.keys(parsed.data));
    const seenTables = new Set<string>();
    for (const k of top) {
      const name = k.path.split(".")[0] as string;
      if (CODEX_CONFIG_KEYS.includes(name) || seenTables.has(name)) continue;
      seenTables.add(name);
      const place = { line: k.line, column: k.column };
      const suggestion = CODEX_CONFIG_KEYS.find((c) => editDistance(c, name) <= 2 && name.length > 4);
      if (suggestion) {
        const fix =
          present.has(suggestion) && k.path === name ? { fix: { start: k.lineStart, end: k.lineEnd, text: "" } } : {};
        report({ messageId: "typo", data: { key: name, suggestion }, place, ...fix });
      } else if (options.reportAll) report({ messageId: "unknown", data: { key: name }, place });
    }
  },
});
