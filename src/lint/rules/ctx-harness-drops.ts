// ctx/harness-drops: what a harness sees in this file and leaves out when started in the project (an import it
// refuses, the file itself ignored), in the words of the discovery diagnostic preview prints. Reads
// LintFacts.harnessesByFile (the launches' drops this file owns). Pure.
import { defineRule } from "../define-rule.js";
import type { HarnessLaunch } from "../lint-project.js";
import { lintTargetOf } from "../loading-harnesses.js";
import { CLAUDE_MEMORY } from "../sources.js";

/**
 * The discovery diagnostics this rule reports, by message id. Budget cuts are ctx/codex-chain-bytes's and
 * missing or too-deep imports ctx/import-missing's and ctx/import-depth's, so each fact is reported once.
 */
const REPORTED: { readonly [diagnosticRule: string]: "importOutside" | "ignored" } = {
  "claude-md/import-outside-cwd": "importOutside",
  "gemini-md/import-outside-project": "importOutside",
  "claude-md/agents-md-ignored": "ignored",
};

const where = (dir: string): string => (dir === "" ? "the project root" : dir);

export const ctxHarnessDrops = defineRule({
  id: "ctx/harness-drops",
  meta: {
    description: "a harness started in the project drops an import of this file, or ignores the file itself",
    rationale:
      "Claude Code drops an `@import` outside the folder it was started in unless ~/.claude.json approves external includes, Gemini CLI refuses imports outside the project, and Claude Code reads AGENTS.md only when the project has no CLAUDE.md. Each is silent in the agent; this rule runs the same discovery as `promptc preview --profile X` and `promptc agents` from the project root and every folder holding an agent file, and reports what it leaves out.",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    targets: ["claude-code", "gemini"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY],
    messages: {
      importOutside: "{{harness}}, started in {{dir}}: {{message}}",
      ignored: "{{harness}}, started in {{dir}}: {{message}}",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { ignoredFiles: { type: "boolean" } },
    },
    defaultOptions: { ignoredFiles: false },
    measured:
      "Precision suite: the ignored-AGENTS.md case fired 6 times in 5 of 18 repositories that keep CLAUDE.md and AGENTS.md apart, mostly on purpose (debatable), so it is opt-in (`ignoredFiles: true`); the dropped-import case fired once, true.",
  },
  check({ file, project, options, report }) {
    const real = (p: string): string => project.fs.realPath?.(p) ?? p;
    // A CLAUDE.md that links to this AGENTS.md sends its text, whatever the fallback rule says about the name.
    const sentUnderAnotherName = (l: HarnessLaunch, path: string): boolean =>
      l.files.some((f) => f.path !== path && real(f.path) === real(path));
    const reported = new Set<string>();
    for (const { launch: l, drop: d } of project.facts.harnessesByFile?.get(file.path)?.drops ?? []) {
      const target = lintTargetOf(l.harness);
      if (target === undefined || !project.targets.has(target)) continue;
      const messageId = d.rule !== undefined ? REPORTED[d.rule] : undefined;
      if (messageId === undefined || d.message === undefined) continue;
      if (messageId === "ignored" && (!options.ignoredFiles || sentUnderAnotherName(l, file.path))) continue;
      // Once per harness and dropped path: the first launch folder (root first) that shows it.
      const key = `${l.harness}\u0000${d.rule}\u0000${d.path}`;
      if (reported.has(key)) continue;
      reported.add(key);
      report({
        messageId,
        data: { harness: l.displayName, dir: where(l.dir), message: d.message },
        ...(d.line !== undefined ? { place: { line: d.line, column: 1 } } : {}),
      });
    }
  },
});
