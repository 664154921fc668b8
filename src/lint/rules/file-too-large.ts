// file/too-large: a target over the read limit; only its first part was linted. Pure.
import { defineRule } from "../define-rule.js";
import { formatInt } from "../rule-utils.js";
import { CODEX_AGENTS_MD } from "../sources.js";

export const fileTooLarge = defineRule({
  id: "file/too-large",
  meta: {
    description: "instruction files stay under the linter's read limit (4 MiB)",
    rationale:
      "No harness sends megabytes of instructions (Codex stops at 32 KiB of project docs). Lint reads only the first part of such a file so a run never stalls.",
    defaultSeverity: "error",
    basis: "heuristic",
    sources: [CODEX_AGENTS_MD],
    messages: { tooLarge: "{{size}} bytes; only the first {{limit}} bytes were linted" },
  },
  check({ file, report }) {
    const size = file.status.tooLargeBytes;
    if (size !== undefined)
      report({ messageId: "tooLarge", data: { size: formatInt(size), limit: formatInt(LINT_MAX_FILE_BYTES) } });
  },
});

/** Read limit per lint target. */
export const LINT_MAX_FILE_BYTES = 4 * 1024 * 1024;
