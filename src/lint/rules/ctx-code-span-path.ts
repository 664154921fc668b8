// ctx/code-span-path: file and folder paths written in code spans of always-loaded instructions exist. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf, joinPath } from "../lint-file.js";
import { addressesWorkspace } from "../loading-harnesses.js";
import { AGNIX_RULES } from "../sources.js";

/** `src/app/page.tsx`, `docs/`, `./scripts/build.sh`: at least two segments, and a file extension or a trailing slash. */
const PATH_SPAN = /^(?:\.\/)?[\w@][\w.@-]*(?:\/[\w.@-]+)+(?:\.[A-Za-z0-9]{1,8}|\/)$|^(?:\.\/)?[\w@][\w.@-]*\/$/;
/** Folders that are built, installed or ignored: their files are not in a checkout. */
const GENERATED =
  /(^|\/)(dist|build|out|coverage|node_modules|target|\.next|\.nuxt|\.output|\.turbo|\.cache|tmp|temp|vendor|generated|__generated__|\.venv|venv)(\/|$)/;
/** Lines that mention a path to create, move, remove or illustrate it. */
const NOT_A_CLAIM =
  /\b(create|creates|created|add|adds|new|generat\w*|output|write|writes|rename|renamed|move|moved|delete|deleted|remove|removed|e\.g\.|eg\.|example|such as|like|i\.e\.|instead|not|no longer|legacy|old|deprecated|would|could|may|might|if|when|pattern|naming|named|format|convention|glob|template|placeholder|your|yours)\b/i;

export const ctxCodeSpanPath = defineRule({
  id: "ctx/code-span-path",
  meta: {
    description:
      "paths written in code spans of AGENTS.md, CLAUDE.md and other always-loaded files exist in the project",
    rationale:
      "Instructions that describe a layout the project no longer has (a pre-monorepo `src/components/…`) send every agent to read files that are not there. " +
      "Only code spans that are plainly paths are read (two or more segments and an extension, or a trailing slash); a path is accepted when it exists from the file's folder, " +
      "from the project root or under any folder of the project; lines that talk about creating, moving or exemplifying files and build output folders are skipped.",
    defaultSeverity: "warn",
    appliesTo: ["context", "cursor-rule"],
    basis: "heuristic",
    sources: [AGNIX_RULES],
    messages: {
      missing: "'{{path}}' does not exist",
      didYouMean: "'{{path}}' does not exist; did you mean '{{suggestion}}'?",
    },
  },
  check({ file, project, report }) {
    if (!addressesWorkspace(file, project.facts)) return;
    const index = project.facts.projectFiles;
    const fs = project.fs;
    const dir = dirOf(file.path);
    const seen = new Set<string>();
    const dirs = index
      ? new Set(
          index.files.flatMap((f) =>
            f
              .split("/")
              .slice(0, -1)
              .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
          ),
        )
      : undefined;
    const existsUnderAny = (p: string, isDir: boolean): boolean => {
      if (!index) return false;
      if (isDir) return [...(dirs ?? [])].some((d) => d === p || d.endsWith(`/${p}`));
      return index.files.some((f) => f === p || f.endsWith(`/${p}`));
    };
    file.markdown.codeSpans.forEach((spans, i) => {
      const line = file.index.lines[i] ?? "";
      if (spans.length === 0 || NOT_A_CLAIM.test(line)) return;
      for (const [s, e] of spans) {
        let n = 0;
        while (line[s + n] === "`") n++;
        const raw = line.slice(s + n, e - n).trim();
        // `webview-ui/.../utils.ts` elides folders on purpose.
        if (!PATH_SPAN.test(raw) || GENERATED.test(raw) || raw.startsWith("@") || /(^|\/)(\.\.\.|…)(\/|$)/.test(raw))
          continue;
        const isDir = raw.endsWith("/");
        const path = raw.replace(/^\.\//, "").replace(/\/$/, "");
        if (seen.has(path)) continue;
        seen.add(path);
        // TypeScript imports name `.js` for a `.ts` source.
        const variants = [
          path,
          ...(/\.(c|m)?js$/.test(path) ? [path.replace(/js$/, "ts"), path.replace(/\.js$/, ".tsx")] : []),
        ];
        if (
          variants.some((v) => {
            const here = joinPath(dir, v);
            return (here !== undefined && fs.kind(here) !== undefined) || fs.kind(v) !== undefined;
          })
        )
          continue;
        // Without a complete file list the project cannot be searched: say nothing rather than guess.
        if (!index || !index.complete || variants.some((v) => existsUnderAny(v, isDir))) continue;
        const base = path.slice(path.lastIndexOf("/") + 1);
        const sameName = isDir
          ? [...(dirs ?? [])].filter((d) => d === base || d.endsWith(`/${base}`))
          : index.files.filter((f) => f === base || f.endsWith(`/${base}`));
        const place = { line: i + 1, column: s + n + 1, endLine: i + 1, endColumn: s + n + 1 + raw.length };
        if (sameName.length === 1)
          report({
            messageId: "didYouMean",
            data: { path: raw, suggestion: `${sameName[0]}${isDir ? "/" : ""}` },
            place,
          });
        else report({ messageId: "missing", data: { path: raw }, place });
      }
    });
  },
});
