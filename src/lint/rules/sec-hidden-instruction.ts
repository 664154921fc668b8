// sec/hidden-instruction: directives inside HTML comments, invisible when rendered but read by the model. Pure.
import { defineRule } from "../define-rule.js";
import { SKILLSAW } from "../sources.js";

const DIRECTIVE =
  /\b(ignore (?:all |any )?(?:previous|prior|above)|disregard|you must|you should|always|never|do not|don't|run |execute|curl |send |upload|exfiltrate|system prompt|instead,? )/i;
const OURS =
  /^\s*(?:promptc-(?:disable|enable)|markdownlint-|prettier-ignore|eslint-|toc|TOC|BEGIN|END|\/?[A-Z_ -]+\s*$)/;

export const secHiddenInstruction = defineRule({
  id: "sec/hidden-instruction",
  meta: {
    description: "HTML comments do not carry instructions",
    rationale:
      "Renderers hide HTML comments, so reviewers do not see them, but the model reads the raw file. Directives in comments are a prompt-injection pattern; put real instructions in visible text. Tool markers (promptc-disable, markdownlint-, prettier-ignore) are allowed.",
    defaultSeverity: "warn",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [SKILLSAW],
    messages: {
      hidden: "HTML comment contains an instruction ('{{text}}') that readers of the rendered file never see",
    },
  },
  check({ file, report }) {
    for (const c of file.markdown.comments) {
      if (OURS.test(c.body)) continue;
      const m = DIRECTIVE.exec(c.body);
      if (!m) continue;
      const snippet = c.body.trim().replace(/\s+/g, " ").slice(0, 60);
      report({ messageId: "hidden", data: { text: snippet }, place: { line: c.line, column: c.column } });
    }
  },
});
