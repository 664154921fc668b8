// ctx/harness-drops: what a harness sees in this file and leaves out when started in the project (an import it
// refuses, the file itself ignored), in the words of the discovery diagnostic preview prints. Reads
// LintFacts.harnessesByFile (the launches' drops this file owns). Pure.
import { defineRule } from "../define-rule.js";
import type { HarnessLaunch, LintFacts } from "../lint-project.js";
import { lintTargetOf } from "../loading-harnesses.js";
import { CLAUDE_MEMORY } from "../sources.js";

/**
 * The discovery diagnostics this rule reports, by message id. Budget cuts are ctx/codex-chain-bytes's and
 * missing or too-deep imports ctx/import-missing's and ctx/import-depth's, so each fact is reported once.
 */
const REPORTED: { readonly [diagnosticRule: string]: "importApproval" | "importOutside" | "ignored" } = {
  "claude-md/import-outside-cwd": "importApproval",
  "gemini-md/import-outside-project": "importOutside",
  "claude-md/agents-md-ignored": "ignored",
};

const where = (dir: string): string => (dir === "" ? "the project root" : dir);

/** ", and by 5 other files (a/CLAUDE.md, b/CLAUDE.md, …)": the other importers of one pattern, named once. */
function othersText(others: readonly string[]): string {
  if (others.length === 0) return "";
  const named = others.slice(0, 3).join(", ");
  return ` (imported the same way by ${others.length} other file${others.length === 1 ? "" : "s"}: ${named}${others.length > 3 ? ", …" : ""})`;
}

type ByFile = NonNullable<LintFacts["harnessesByFile"]>;
/** By harness, then diagnostic rule, then dropped path (nested: no key string made of a deep path per drop). */
type ImportersIndex = Map<string, Map<string, Map<string, string[]>>>;

/**
 * The files (sorted) owning an approval drop of one harness, rule and path. Made once per project (each file
 * asking anew scanned every drop of every file: quadratic in a deep tree's launches).
 */
const importersIndexes = new WeakMap<ByFile, ImportersIndex>();
function importersOf(byFile: ByFile, harness: string, rule: string, path: string): readonly string[] {
  let index = importersIndexes.get(byFile);
  if (index === undefined) {
    index = new Map();
    for (const [file, loads] of byFile)
      for (const { launch, drop } of loads.drops) {
        if (drop.rule === undefined || REPORTED[drop.rule] !== "importApproval") continue;
        let byRule = index.get(launch.harness);
        if (byRule === undefined) index.set(launch.harness, (byRule = new Map()));
        let byPath = byRule.get(drop.rule);
        if (byPath === undefined) byRule.set(drop.rule, (byPath = new Map()));
        const list = byPath.get(drop.path);
        if (list === undefined) byPath.set(drop.path, [file]);
        else if (list[list.length - 1] !== file) list.push(file);
      }
    for (const byRule of index.values())
      for (const byPath of byRule.values()) for (const list of byPath.values()) list.sort();
    importersIndexes.set(byFile, index);
  }
  return index.get(harness)?.get(rule)?.get(path) ?? [];
}

export const ctxHarnessDrops = defineRule({
  id: "ctx/harness-drops",
  meta: {
    description: "a harness started in the project drops an import of this file, or ignores the file itself",
    rationale:
      "Gemini CLI refuses imports outside the project (a warning: the text never arrives), and Claude Code reads AGENTS.md only when the project has no CLAUDE.md. " +
      "Claude Code asks once per project before it loads `@imports` from outside the folder it was started in, then loads them (the answer is kept in ~/.claude.json); until someone approves, and in runs that cannot ask (`claude -p`, CI), it leaves them out. That is said once per imported file for the whole repository, as information. " +
      "This rule runs the same discovery as `promptc preview --profile X` and `promptc agents` from the project root and every folder holding an agent file.",
    defaultSeverity: "info",
    appliesTo: ["context"],
    targets: ["claude-code", "gemini"],
    basis: "vendor",
    sources: [CLAUDE_MEMORY],
    messages: {
      importApproval:
        "{{harness}}, started in {{dir}}, asks once per project before it loads '{{target}}' (outside that folder), then loads it; until approved, and in runs that cannot ask (claude -p, CI), it is left out{{others}}",
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
      "Precision suite: the ignored-AGENTS.md case fired 6 times in 5 of 18 repositories that keep CLAUDE.md and AGENTS.md apart, mostly on purpose (debatable), so it is opt-in (`ignoredFiles: true`); the dropped-import case fired once, true. " +
      "On an unseen set one import pattern gave six identical warnings in one repository, each worded as a loss: it is now one finding per imported file for the repository, as information, saying Claude Code asks and then loads it.",
  },
  check({ file, project, options, report }) {
    const real = (p: string): string => project.fs.realPath?.(p) ?? p;
    // A CLAUDE.md that links to this AGENTS.md sends its text, whatever the fallback rule says about the name.
    const sentUnderAnotherName = (l: HarnessLaunch, path: string): boolean =>
      l.files.some((f) => f.path !== path && real(f.path) === real(path));
    const reported = new Map<string, Set<string>>();
    const byFile = project.facts.harnessesByFile;
    for (const { launch: l, drop: d } of byFile?.get(file.path)?.drops ?? []) {
      // The cheap tests first: a deep tree's files own a drop per launch below them, most of them not reported.
      const messageId = d.rule !== undefined ? REPORTED[d.rule] : undefined;
      // `in`, not a read: a drop's message is made project-relative when first read, and most are never reported.
      if (messageId === undefined || !("message" in d)) continue;
      if (messageId === "ignored" && !options.ignoredFiles) continue;
      const target = lintTargetOf(l.harness);
      if (target === undefined || !project.targets.has(target)) continue;
      if (messageId === "ignored" && sentUnderAnotherName(l, file.path)) continue;
      // Once per harness and dropped path: the first launch folder (root first) that shows it.
      // Keyed by harness and rule, then path: a key string made of a deep path per drop costs its length each time.
      const kind = `${l.harness}\u0000${d.rule}`;
      let paths = reported.get(kind);
      if (paths === undefined) reported.set(kind, (paths = new Set()));
      if (paths.has(d.path)) continue;
      paths.add(d.path);
      const place = d.line !== undefined ? { place: { line: d.line, column: 1 } } : {};
      if (messageId === "importApproval") {
        // One approval covers the project: the pattern is said once, by the first file (by path) importing it.
        const importers = byFile !== undefined ? importersOf(byFile, l.harness, d.rule as string, d.path) : [];
        if (importers[0] !== undefined && importers[0] !== file.path) continue;
        report({
          messageId,
          data: { harness: l.displayName, dir: where(l.dir), target: d.path, others: othersText(importers.slice(1)) },
          ...place,
        });
        continue;
      }
      if (d.message === undefined) continue;
      report({
        messageId,
        data: { harness: l.displayName, dir: where(l.dir), message: d.message },
        minSeverity: "warn",
        ...place,
      });
    }
  },
});
