// Copilot CLI 1.0.102's custom instructions, in the order it sends them: `<copilot home>/copilot-instructions.md`,
// then in the git root (the cwd outside a repository) `.github/copilot-instructions.md`, AGENTS.md, CLAUDE.md,
// GEMINI.md, then the same four names in every folder from the cwd upward to just below the root; each with its
// `@imports` expanded. Plus the `.github/instructions/*.instructions.md` files of the root and the cwd: an
// `applyTo` other than `**` makes a row of the table the model is told to read, no `applyTo` (or `**`, in the
// root) inlines the raw file. IO through the Host only; measured with captures (test/conformance/copilot-preview.test.ts).
import type { Host } from "../../host/host.js";
import { ancestorsOf, basenameOf, joinPath, normalizePath } from "../paths.js";
import { extractFrontmatter, parseYamlSafely } from "../parse-skill-md.js";
import { type CopilotImport, expandCopilotImports } from "./expand-copilot-imports.js";

export type CopilotInstructionScope = "user" | "repository" | "nested";

export interface CopilotInstructionFile {
  path: string;
  scope: CopilotInstructionScope;
  /** The file's text with its imports expanded (sent untrimmed). */
  text: string;
  imports: CopilotImport[];
}

/** A `.instructions.md` file listed in the table (`applyTo` patterns split on commas). */
export interface CopilotInstructionRule {
  path: string;
  /** As the table shows it: relative to the folder holding `.github`. */
  displayPath: string;
  applyTo: string[];
  description: string;
}

export interface CopilotInstructions {
  files: CopilotInstructionFile[];
  /** `.instructions.md` files sent whole (frontmatter too) after the custom instructions. */
  inlined: { path: string; text: string }[];
  rules: CopilotInstructionRule[];
}

/** The four names read in each folder, in Copilot's order. */
export const COPILOT_INSTRUCTION_NAMES = [".github/copilot-instructions.md", "AGENTS.md", "CLAUDE.md", "GEMINI.md"];
const RULES_DIR = ".github/instructions";
const RULE_SUFFIX = ".instructions.md";

const utf8 = new TextDecoder("utf-8");

function readText(host: Host, path: string): string | undefined {
  const st = host.stat(path);
  if (!st.ok || st.value.kind !== "file") return undefined;
  const r = host.readBytes(path);
  return r.ok ? utf8.decode(r.value.bytes) : undefined;
}

function frontmatterOf(text: string): { applyTo?: string; description?: string } {
  const block = extractFrontmatter(text);
  if (block === undefined) return {};
  try {
    const v = parseYamlSafely(block) as { applyTo?: unknown; description?: unknown } | null;
    const out: { applyTo?: string; description?: string } = {};
    if (typeof v?.applyTo === "string") out.applyTo = v.applyTo;
    if (typeof v?.description === "string") out.description = v.description;
    return out;
  } catch {
    return {};
  }
}

export function discoverCopilotInstructions(
  host: Host,
  options: { cwd: string; copilotHome: string; gitRoot?: string },
): CopilotInstructions {
  const cwd = normalizePath(options.cwd);
  const root = options.gitRoot !== undefined ? normalizePath(options.gitRoot) : cwd;
  const files: CopilotInstructionFile[] = [];
  const add = (path: string, scope: CopilotInstructionScope, allowedRoot: string) => {
    const text = readText(host, path);
    if (text === undefined) return;
    const expanded = expandCopilotImports(host, { path, text, allowedRoot });
    files.push({ path, scope, text: expanded.text, imports: expanded.imports });
  };
  add(joinPath(options.copilotHome, "copilot-instructions.md"), "user", normalizePath(options.copilotHome));
  const below = ancestorsOf(cwd).filter((d) => d !== root && d.startsWith(`${root}/`));
  for (const dir of [root, ...below])
    for (const name of COPILOT_INSTRUCTION_NAMES)
      add(joinPath(dir, name), dir === root ? "repository" : "nested", root);

  const inlined: CopilotInstructions["inlined"] = [];
  const rules: CopilotInstructionRule[] = [];
  // Measured: only the root's and the cwd's `.github/instructions` count, not the folders between.
  for (const dir of cwd === root ? [root] : [root, cwd]) {
    const listed = host.readDir(joinPath(dir, RULES_DIR));
    if (!listed.ok) continue;
    for (const e of listed.value) {
      if (!e.name.endsWith(RULE_SUFFIX)) continue;
      const path = joinPath(dir, RULES_DIR, e.name);
      const text = readText(host, path);
      if (text === undefined) continue;
      const fm = frontmatterOf(text);
      const applyTo = (fm.applyTo ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter((p) => p !== "");
      if (applyTo.length === 0 || (applyTo.length === 1 && applyTo[0] === "**")) {
        // Measured: a nested folder's everywhere-rule is neither inlined nor listed.
        if (dir === root) inlined.push({ path, text });
        continue;
      }
      rules.push({ path, displayPath: `${RULES_DIR}/${basenameOf(path)}`, applyTo, description: fm.description ?? "" });
    }
  }
  rules.sort((a, b) => (a.displayPath < b.displayPath ? -1 : a.displayPath > b.displayPath ? 1 : 0));
  return { files, inlined, rules };
}
