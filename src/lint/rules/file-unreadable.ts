// file/unreadable: a target that could not be read at all (permissions, broken symlink, a directory). Pure.
import { fileErrorReason } from "../../model/file-error.js";
import { defineRule } from "../define-rule.js";

export const fileUnreadable = defineRule({
  id: "file/unreadable",
  meta: {
    description: "a lint target can be read",
    rationale:
      "A file the linter cannot read is usually one the harness cannot read either (Codex skips it or drops all project docs). Lint reports it and goes on with the other files.",
    defaultSeverity: "error",
    basis: "heuristic",
    sources: [
      {
        title: "ESLint: exit codes (file errors are reported, not fatal)",
        url: "https://eslint.org/docs/latest/use/command-line-interface#exit-codes",
      },
    ],
    messages: { unreadable: "cannot read this file: {{reason}}" },
  },
  check({ file, report }) {
    if (file.status.error) report({ messageId: "unreadable", data: { reason: fileErrorReason(file.status.error) } });
  },
});
