// ctx/duplicate-layer: a paragraph repeated in an ancestor file of the same harness, so it is loaded twice. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf } from "../lint-file.js";
import { baseName, limitsSchema } from "../rule-utils.js";
import { AGENTBENCH } from "../sources.js";

/** Files loaded together: Codex walks AGENTS.override.md/AGENTS.md, Claude Code CLAUDE.md, Gemini GEMINI.md. */
const FAMILIES: string[][] = [["AGENTS.override.md", "AGENTS.md"], ["CLAUDE.md", "CLAUDE.local.md"], ["GEMINI.md"]];

function paragraphs(text: string): { norm: string; line: number }[] {
  const out: { norm: string; line: number }[] = [];
  const lines = text.split(/\r?\n/);
  let start = -1;
  let buf: string[] = [];
  const flush = (): void => {
    const norm = buf.join(" ").replace(/\s+/g, " ").trim().toLowerCase();
    if (start >= 0 && norm.length > 0) out.push({ norm, line: start + 1 });
    buf = [];
    start = -1;
  };
  lines.forEach((l, i) => {
    if (l.trim() === "" || /^#{1,6}\s/.test(l)) return flush();
    if (start < 0) start = i;
    buf.push(l);
  });
  flush();
  return out;
}

export const ctxDuplicateLayer = defineRule({
  id: "ctx/duplicate-layer",
  meta: {
    description:
      "a paragraph is not repeated in an ancestor instruction file that the same harness loads together with this one",
    rationale:
      "Codex concatenates every AGENTS.md from the project root down; Claude Code loads every ancestor CLAUDE.md. A repeated paragraph is paid twice on every request, and AGENTbench found redundancy is what makes context files hurt.",
    defaultSeverity: "warn",
    appliesTo: ["context"],
    basis: "paper",
    sources: [AGENTBENCH],
    messages: { duplicate: "paragraph repeats {{other}}:{{line}}, which is loaded together with this file" },
    optionsSchema: limitsSchema("minChars"),
    defaultOptions: { minChars: 80 },
  },
  check({ file, project, options, report }) {
    const family = FAMILIES.find((f) => f.includes(baseName(file.path)));
    if (!family) return;
    const mine = paragraphs(file.text).filter((p) => p.norm.length >= options.minChars);
    if (mine.length === 0) return;
    const seen = new Set<string>();
    for (let d = dirOf(file.path); d !== ""; ) {
      d = dirOf(d);
      const other = family.map((n) => (d === "" ? n : `${d}/${n}`)).find((p) => project.fs.kind(p) === "file");
      if (!other) continue;
      // A root AGENTS.md that links to .agents/AGENTS.md is this very file, not a second layer.
      if (
        (project.fs.realPath?.(other) ?? other) ===
        (file.status.realPath ?? project.fs.realPath?.(file.path) ?? file.path)
      )
        continue;
      const theirs = new Map(paragraphs(project.fs.readText(other) ?? "").map((p) => [p.norm, p.line]));
      for (const p of mine) {
        const at = theirs.get(p.norm);
        if (at === undefined || seen.has(p.norm)) continue;
        seen.add(p.norm);
        report({ messageId: "duplicate", data: { other, line: at }, place: { line: p.line, column: 1 } });
      }
    }
  },
});
