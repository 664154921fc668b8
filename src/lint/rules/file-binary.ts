// file/binary: a target that holds NUL bytes is binary, not instructions; its content rules are skipped. Pure.
import { defineRule } from "../define-rule.js";
import { CODEX_SOURCE } from "../sources.js";

export const fileBinary = defineRule({
  id: "file/binary",
  meta: {
    description: "instruction files are text (no NUL bytes)",
    rationale:
      "A binary file under an instruction name (e.g. a mis-saved AGENTS.md) is still sent to the model by Codex as text; lint skips its content checks and reports it.",
    defaultSeverity: "error",
    basis: "heuristic",
    sources: [CODEX_SOURCE],
    messages: { binary: "contains NUL bytes: this looks like a binary file" },
  },
  check({ file, report }) {
    if (file.status.binary) report({ messageId: "binary" });
  },
});
