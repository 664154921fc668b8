// ctx/codex-chain-bytes: for the directory holding this AGENTS.md, how much of it Codex sends once the shared
// project-doc budget (32 KiB by default) is spent root-first. Reads the discovery walk from LintFacts. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import type { CodexChain } from "../lint-project.js";
import { projectTemplateOf } from "../project-templates.js";
import { baseName, formatInt } from "../rule-utils.js";
import { CODEX_AGENTS_MD, CODEX_ISSUE_BUDGET, CODEX_SOURCE } from "../sources.js";

const KIB = 1024;

function formatBudget(bytes: number): string {
  return bytes % KIB === 0 ? `${bytes / KIB} KiB` : `${formatInt(bytes)}-byte`;
}

function spentBy(chain: CodexChain, upTo: number): string {
  const parts = chain.files
    .slice(0, upTo)
    .filter((f) => f.kept > 0)
    .map((f) => `${f.path.includes("/") ? f.path : `./${f.path}`} ${formatInt(f.kept)} B`);
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** UTF-16 offset of the first character not (fully) within the first `bytes` UTF-8 bytes. */
function offsetAtByte(text: string, bytes: number): number {
  let n = 0;
  let i = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (n > bytes) return i;
    i += ch.length;
  }
  return text.length;
}

export const ctxCodexChainBytes = defineRule({
  id: "ctx/codex-chain-bytes",
  meta: {
    description:
      "simulates Codex's AGENTS.md walk for each directory with an AGENTS.md and reports where the shared byte budget cuts or drops this file",
    rationale:
      "Codex concatenates one project doc per directory from the project root down to the working directory and stops at `project_doc_max_bytes` (32 KiB by default) in total. The budget is spent root-first, so the nearest, most specific file is the one cut or dropped, silently. This rule runs the same discovery code as `promptc preview`. " +
      "An AGENTS.md in a project template (a template-named folder holding its own package.json, pyproject.toml, `_gitignore`…) is copied alone into each generated project, so only its own size is checked.",
    defaultSeverity: "error",
    appliesTo: ["context"],
    targets: ["codex"],
    basis: "vendor",
    sources: [CODEX_AGENTS_MD, CODEX_ISSUE_BUDGET, CODEX_SOURCE],
    messages: {
      truncated:
        "when Codex runs in {{dir}}, only the first {{kept}} of {{size}} bytes reach the model ({{budget}} budget spent by {{spentBy}})",
      truncatedAlone:
        "when Codex runs in {{dir}}, only the first {{kept}} of {{size}} bytes reach the model (the file alone exceeds the {{budget}} budget)",
      dropped:
        "when Codex runs in {{dir}}, none of this file's {{size}} bytes reach the model ({{budget}} budget spent by {{spentBy}})",
      shadowed: "Codex reads {{winner}} in this directory instead, so this file never reaches the model",
      templateAlone:
        "in a project generated from this template, Codex sends only the first {{kept}} of {{size}} bytes (the file alone exceeds the {{budget}} budget)",
    },
  },
  check({ file, project, report }) {
    const dir = dirOf(file.path);
    const chain = project.facts.codexChains.get(dir);
    if (!chain || !chain.names.includes(baseName(file.path))) return;
    const at = chain.files.findIndex((f) => f.path === file.path);
    if (at < 0) {
      const winner = chain.files.find((f) => dirOf(f.path) === dir);
      if (winner) report({ messageId: "shadowed", data: { winner: baseName(winner.path) } });
      return;
    }
    const me = chain.files[at]!;
    if (me.dropped === "empty" || me.dropped === "unreadable" || me.kept >= me.size) return;
    // A project template's AGENTS.md is copied alone into each generated project: only its own size counts there.
    if (projectTemplateOf(file.path, project.fs) !== undefined) {
      if (me.size <= chain.maxBytes) return;
      const p = file.index.placeAt(offsetAtByte(file.text, chain.maxBytes));
      return report({
        messageId: "templateAlone",
        data: { size: formatInt(me.size), kept: formatInt(chain.maxBytes), budget: formatBudget(chain.maxBytes) },
        place: { line: p.line, column: p.column },
      });
    }
    const data = {
      dir: dir === "" ? "the project root" : dir,
      kept: formatInt(me.kept),
      size: formatInt(me.size),
      budget: formatBudget(chain.maxBytes),
      spentBy: spentBy(chain, at),
    };
    if (me.kept === 0) return report({ messageId: "dropped", data });
    const p = file.index.placeAt(offsetAtByte(file.text, me.kept));
    report({
      messageId: data.spentBy === "" ? "truncatedAlone" : "truncated",
      data,
      place: { line: p.line, column: p.column },
    });
  },
});
