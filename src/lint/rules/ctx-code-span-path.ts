// ctx/code-span-path: file and folder paths written in code spans of always-loaded instructions exist. Pure.
import { defineRule } from "../define-rule.js";
import { dirOf, joinPath } from "../lint-file.js";
import { addressesWorkspace } from "../loading-harnesses.js";
import { createPathResolver, type WrittenPathStatus } from "../resolve-written-path.js";
import { AGNIX_RULES } from "../sources.js";

/** `src/app/page.tsx`, `docs/`, `./scripts/build.sh`: at least two segments, and a file extension or a trailing slash. */
const PATH_SPAN = /^(?:\.\/)?[\w@][\w.@-]*(?:\/[\w.@-]+)+(?:\.[A-Za-z0-9]{1,8}|\/)$|^(?:\.\/)?[\w@][\w.@-]*\/$/;
/** A bare folder path (packages/rolldown-tests), read only when its first folder is one of the project's. */
const BARE_PATH = /^(?:\.\/)?[\w][\w.-]*(?:\/[\w-][\w.-]*)+$/;
/**
 * Prose that mentions a path to create, move, remove or imagine it. Read with the code spans blanked, so a
 * word inside a path (`src/new/`, `templates/`) is not prose.
 */
const NOT_A_CLAIM =
  /\b(create|creates|created|add|adds|new|generat\w*|output|write|writes|rename|renamed|move|moved|delete|deleted|remove|removed|instead|not|no longer|legacy|old|deprecated|would|could|may|might|if|when|pattern|naming|named|format|convention|glob|template|placeholder|your|yours)\b/i;
/** Words that introduce examples: the paths after them illustrate; `e.g.`/`i.e.` end in a dot, not a word boundary. */
const EXAMPLES = /\b(for example|example|such as|like)\b|(?<![\w.])(e\.g|eg|i\.e)\.(?!\w)/i;

/** The line with each code span replaced by spaces (columns kept). */
function proseOf(line: string, spans: readonly (readonly [number, number])[]): string {
  let out = line;
  for (const [s, e] of spans) out = out.slice(0, s) + " ".repeat(e - s) + out.slice(e);
  return out;
}

export const ctxCodeSpanPath = defineRule({
  id: "ctx/code-span-path",
  meta: {
    description:
      "paths written in code spans of AGENTS.md, CLAUDE.md and other always-loaded files exist in the project",
    rationale:
      "Instructions that describe a layout the project no longer has (a pre-monorepo `src/components/…`) send every agent to read files that are not there. " +
      "Only code spans that are plainly paths are read (two or more segments and an extension or a trailing slash, or a bare folder path such as packages/app whose first folder the project has); a path is accepted when it exists from the file's folder, " +
      "from the project root or under any folder of the project, when the repository's ignore files list it or it is inside a submodule (built, fetched, local: not in a checkout), " +
      'or when the prose gives it to another project ("a port of Prettier\'s `x/y.js`"); lines that talk about creating, moving or exemplifying files are skipped. ' +
      "'Did you mean' names a file only when it keeps three quarters of the written path's folders in order.",
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
    const dir = dirOf(file.path);
    const seen = new Set<string>();
    const isFolder = (p: string): boolean => project.fs.kind(p) === "directory";
    // Made on the first line with a path: most files have none.
    let suites: RegExp[] | undefined;
    const fetchedSuites = (): RegExp[] =>
      (suites ??= createPathResolver(project)
        .fetchedFolders.map((f) => f.slice(f.lastIndexOf("/") + 1))
        .filter((n) => /^[\w-]{3,}$/.test(n))
        .map((n) => new RegExp(`\\b${n}\\b`, "i")));
    const headingAbove = (line: number): string =>
      file.markdown.headings.filter((h) => h.line < line).pop()?.text ?? "";
    file.markdown.codeSpans.forEach((spans, i) => {
      const line = file.index.lines[i] ?? "";
      // Every path below has a slash: a line without one in its spans is skipped before the prose regexes.
      if (!spans.some(([s, e]) => line.slice(s, e).includes("/"))) return;
      const prose = proseOf(line, spans);
      if (NOT_A_CLAIM.test(prose)) return;
      const resolver = createPathResolver(project);
      const examplesFrom = EXAMPLES.exec(prose)?.index ?? Infinity;
      const found: { raw: string; at: number; status: WrittenPathStatus }[] = [];
      for (const [s, e] of spans) {
        let n = 0;
        while (line[s + n] === "`") n++;
        const raw = line.slice(s + n, e - n).trim();
        // `webview-ui/.../utils.ts` elides folders on purpose.
        if (s > examplesFrom || raw.startsWith("@") || /(^|\/)(\.\.\.|…)(\/|$)/.test(raw)) continue;
        const isDir = raw.endsWith("/");
        const path = raw.replace(/^\.\//, "").replace(/\/$/, "");
        const first = path.slice(0, path.indexOf("/"));
        const bare =
          !PATH_SPAN.test(raw) && BARE_PATH.test(raw) && (isFolder(joinPath(dir, first) ?? first) || isFolder(first));
        if (!PATH_SPAN.test(raw) && !bare) continue;
        if (seen.has(path) || resolver.isAttributedElsewhere(line, s, e)) continue;
        seen.add(path);
        found.push({ raw, at: s + n, status: resolver.resolve({ path, fromDir: dir, isDir: isDir || bare }) });
      }
      if (found.length === 0) return;
      // A line naming an ignored folder or a submodule (a test suite fetched on first run) names its contents next.
      if (found.some((f) => f.status.type === "not-checked-in" && f.status.because !== "built")) return;
      // Under a heading or in prose that names a suite the repository fetches (`crates/x/prettier/`, absent from
      // the checkout), a path found nowhere is that suite's fixture ("### Prettier conformance": `css/parens.css`).
      const aboutSuite = fetchedSuites().some((n) => n.test(prose) || n.test(headingAbove(i + 1)));
      for (const { raw, at, status } of found) {
        if (status.type !== "missing" || (aboutSuite && status.suggestion === undefined)) continue;
        const place = { line: i + 1, column: at + 1, endLine: i + 1, endColumn: at + 1 + raw.length };
        if (status.suggestion !== undefined)
          report({ messageId: "didYouMean", data: { path: raw, suggestion: status.suggestion }, place });
        else report({ messageId: "missing", data: { path: raw }, place });
      }
    });
  },
});
