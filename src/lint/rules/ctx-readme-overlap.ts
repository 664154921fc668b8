// ctx/readme-overlap: an always-loaded file that mostly repeats the README costs tokens and adds nothing. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import { limitsSchema } from "../rule-utils.js";
import { AGENTBENCH, AGNIX_RULES } from "../sources.js";

/** Sentences of at least `minWords` words, normalised (case, Markdown punctuation, whitespace). */
function sentences(text: string, minWords: number): string[] {
  return text
    .replace(/```[\s\S]*?```/g, " ")
    .split(/(?<=[.!?])\s+|\n\s*\n|\n\s*[-*+]\s+|\n#+\s+/)
    .map((s) =>
      s
        .toLowerCase()
        .replace(/[`*_#>[\]()]/g, " ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((s) => s.split(" ").length >= minWords);
}

export const ctxReadmeOverlap = defineRule({
  id: "ctx/readme-overlap",
  meta: {
    description: "an always-loaded context file does not mostly repeat the README next to it (or at the project root)",
    rationale:
      "AGENTbench found that context files hurt mainly through redundancy with existing documentation (removing the docs turned generated context files from harmful to helpful). An agent can read the README when it needs it; repeating it in AGENTS.md or CLAUDE.md pays for it on every request. Reported when at least `minPercent` % of the file's sentences (of `minWords`+ words) appear in the README, and at least `minShared` of them.",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    basis: "paper",
    sources: [AGENTBENCH, AGNIX_RULES],
    messages: {
      overlap: "{{percent}}% of this file's sentences ({{shared}} of {{total}}) repeat {{readme}}; link to it instead",
    },
    optionsSchema: limitsSchema("minPercent", "minShared", "minWords"),
    defaultOptions: { minPercent: 40, minShared: 3, minWords: 6 },
  },
  check({ file, project, options, report }) {
    const dir = dirOf(file.path);
    const same = (p: string): boolean =>
      p === file.path || (project.fs.realPath?.(p) ?? p) === (file.status.realPath ?? file.path);
    const readme = [dir === "" ? "README.md" : `${dir}/README.md`, "README.md"].find(
      (p) => project.fs.kind(p) === "file" && !same(p),
    );
    const readmeText = readme ? project.fs.readText(readme) : undefined;
    if (!readme || readmeText === undefined) return;
    const mine = [...new Set(sentences(file.text, options.minWords))];
    if (mine.length === 0) return;
    const theirs = new Set(sentences(readmeText, options.minWords));
    const shared = mine.filter((s) => theirs.has(s)).length;
    const percent = Math.round((shared / mine.length) * 100);
    if (shared >= options.minShared && percent >= options.minPercent)
      report({ messageId: "overlap", data: { percent, shared, total: mine.length, readme } });
  },
});
