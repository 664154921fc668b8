// file/invalid-utf8: text that is not valid UTF-8 reaches the model as U+FFFD replacement characters. Pure.
import { defineRule } from "../define-rule.js";
import { CODEX_SOURCE } from "../sources.js";

export const fileInvalidUtf8 = defineRule({
  id: "file/invalid-utf8",
  meta: {
    description: "instruction files are valid UTF-8",
    rationale:
      "Codex decodes project docs lossily, so each invalid byte sequence is sent as U+FFFD; other harnesses refuse the file. Re-save the file as UTF-8.",
    defaultSeverity: "error",
    basis: "vendor",
    sources: [CODEX_SOURCE],
    messages: { invalid: "not valid UTF-8: invalid bytes reach the model as U+FFFD" },
  },
  check({ file, report }) {
    if (!file.status.invalidUtf8 || file.status.binary) return;
    const at = file.text.indexOf("\uFFFD");
    const p = file.index.placeAt(Math.max(0, at));
    report({ messageId: "invalid", place: { line: p.line, column: p.column } });
  },
});
