// Copilot CLI 1.0.102's `@path` imports inside one instruction file, expanded one level deep: after each
// `@path` that names a file inside the allowed folder comes a blank line and the file between
// `<imported_custom_instruction source="<abs>">` markers; a file already in this document gets a self-closing
// `skipped="already-loaded"` marker instead. IO through the Host only. Rules measured against captures
// (test/conformance/copilot-preview.test.ts): the path is relative to the importer's folder, ends before
// trailing `.`/`,`/`)`/quotes, may not start with `/` or `~`, and `@` follows a line start, blank, `(`, quote or `:`.
import type { Host } from "../../host/host.js";
import { collapseSegments, dirnameOf, joinPath } from "../paths.js";

export type CopilotImportOutcome = "imported" | "already-loaded" | "missing" | "outside" | "not-a-file";

export interface CopilotImport {
  /** The path as written after `@`. */
  spec: string;
  /** Absolute, resolved against the importer's folder. */
  path: string;
  outcome: CopilotImportOutcome;
}

export interface ExpandedInstruction {
  text: string;
  imports: CopilotImport[];
}

/** `@` then a relative path of word characters, dots, dashes and slashes that ends in a word character. */
const IMPORT = /(^|[\s("':])@((?![/~])[\w./-]*\w)/g;

const utf8 = new TextDecoder("utf-8");

const inside = (path: string, folder: string) =>
  path === folder || path.startsWith(folder.endsWith("/") ? folder : `${folder}/`);

/** Expands the imports of `text` (the file at `path`); targets must lie under `allowedRoot`. */
export function expandCopilotImports(
  host: Host,
  options: { path: string; text: string; allowedRoot: string },
): ExpandedInstruction {
  const loaded = new Set([options.path]);
  const imports: CopilotImport[] = [];
  const dir = dirnameOf(options.path);
  const expand = (whole: string, spec: string, path: string): string => {
    if (!inside(path, options.allowedRoot)) return note(spec, path, "outside", whole);
    if (loaded.has(path))
      return note(
        spec,
        path,
        "already-loaded",
        `${whole}\n\n<imported_custom_instruction source="${path}" skipped="already-loaded" />`,
      );
    const st = host.stat(path);
    if (!st.ok) return note(spec, path, "missing", whole);
    if (st.value.kind !== "file") return note(spec, path, "not-a-file", whole);
    const r = host.readBytes(path);
    if (!r.ok) return note(spec, path, "missing", whole);
    loaded.add(path);
    const body = utf8.decode(r.value.bytes);
    const block = `<imported_custom_instruction source="${path}">\n${body.endsWith("\n") ? body : `${body}\n`}</imported_custom_instruction>`;
    return note(spec, path, "imported", `${whole}\n\n${block}`);
  };
  const note = (spec: string, path: string, outcome: CopilotImportOutcome, out: string) => {
    imports.push({ spec, path, outcome });
    return out;
  };
  const text = options.text.replace(IMPORT, (whole, _lead: string, spec: string) =>
    expand(whole, spec, collapseSegments(joinPath(dir, spec))),
  );
  return { text, imports };
}
