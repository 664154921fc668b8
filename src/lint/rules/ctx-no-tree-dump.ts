// ctx/no-tree-dump: long directory-tree listings in always-loaded files. Pure.
import { defineRule } from "../define-rule.js";
import { limitsSchema } from "../rule-utils.js";
import { AGENTBENCH } from "../sources.js";

const TREE_LINE = /^\s*(?:[│|]\s*)*(?:├──|└──|├─|└─|\|--|`--|\+--)/;
/** A name to fill in: `{provider}`, `<name>`, `[id]`. */
const PLACEHOLDER = /[{<][\w-]+[}>]/;

export const ctxNoTreeDump = defineRule({
  id: "ctx/no-tree-dump",
  meta: {
    description: "always-loaded files do not paste long directory trees",
    rationale:
      "AGENTbench found codebase overviews did not help agents find relevant files, while every line costs tokens on every step; agents list directories themselves when needed.",
    defaultSeverity: "off",
    strict: "info",
    measured:
      "a directory tree in instructions is a style choice (the paper found it does not help, not that it harms); judged debatable on the precision suite. On in the `strict` preset.",
    appliesTo: ["context"],
    basis: "paper",
    sources: [AGENTBENCH],
    messages: { tree: "directory tree of {{lines}} lines; agents can list files themselves" },
    optionsSchema: limitsSchema("maxLines"),
    defaultOptions: { maxLines: 15 },
  },
  check({ file, options, report }) {
    for (const f of file.markdown.fences) {
      const end = f.endLine ?? file.index.lines.length;
      const lines = file.index.lines.slice(f.startLine, end - 1);
      const tree = lines.filter((l) => TREE_LINE.test(l)).length;
      // A layout whose names hold placeholders (`langchain-{provider}/`, comments aside) is a template for new
      // code, not a dump of the tree.
      const entries = lines.map((l) => l.replace(/\s#.*$/, ""));
      if (tree > options.maxLines && !entries.some((l) => PLACEHOLDER.test(l)))
        report({ messageId: "tree", data: { lines: tree }, place: { line: f.startLine, column: 1 } });
    }
  },
});
