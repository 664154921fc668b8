// Copilot CLI 1.0.102's custom instructions, in the order it sends them: `<copilot home>/copilot-instructions.md`,
// then in the git root (the cwd outside a repository) `.github/copilot-instructions.md`, AGENTS.md, CLAUDE.md,
// GEMINI.md, then the same four names in every folder from the cwd upward to just below the root; each with its
// `@imports` expanded. Plus the `.github/instructions/*.instructions.md` files of the root and the cwd: an
// `applyTo` other than `**` makes a row of the table the model is told to read, no `applyTo` (or `**`, in the
// root) inlines the raw file. IO through the Host only; measured with captures (test/conformance/copilot-preview.test.ts).
import type { Host } from "../../host/host.js";
import { basenameOf, joinPath, normalizePath } from "../paths.js";
import {
  COPILOT_RULES_DIR,
  type CopilotFolder,
  type CopilotFolderMemo,
  type CopilotInstructionFile,
  createCopilotFolderMemo,
} from "./copilot-folder-memo.js";

export type { CopilotInstructionFile, CopilotInstructionScope } from "./copilot-folder-memo.js";

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

export { COPILOT_INSTRUCTION_NAMES } from "./copilot-folder-memo.js";

export function discoverCopilotInstructions(
  host: Host,
  options: { cwd: string; copilotHome: string; gitRoot?: string; memo?: CopilotFolderMemo },
): CopilotInstructions {
  const memo = options.memo?.host === host ? options.memo : createCopilotFolderMemo(host);
  const cwd = normalizePath(options.cwd);
  const root = options.gitRoot !== undefined ? normalizePath(options.gitRoot) : cwd;
  const files: CopilotInstructionFile[] = [];
  const userPath = joinPath(options.copilotHome, "copilot-instructions.md");
  const userText = memo.text(userPath);
  if (userText !== undefined) {
    const expanded = memo.expanded(userPath, userText, normalizePath(options.copilotHome));
    files.push({ path: userPath, scope: "user", text: expanded.text, imports: expanded.imports });
  }
  // The root, then the folders from the cwd up to just below the root.
  const rootPrefix = `${root}/`;
  const dirs = [memo.folder(root)];
  for (let dir: CopilotFolder | undefined = memo.folder(cwd); dir !== undefined; dir = dir.parent)
    if (dir.dir !== root && dir.dir.startsWith(rootPrefix)) dirs.push(dir);
  // Each folder's files made once per root, with their scope there ("repository" for the root's own).
  for (const dir of dirs) for (const f of memo.instructions(dir, root)) files.push(f);

  const inlined: CopilotInstructions["inlined"] = [];
  const rules: CopilotInstructionRule[] = [];
  // Measured: only the root's and the cwd's `.github/instructions` count, not the folders between.
  for (const dir of cwd === root ? [root] : [root, cwd]) {
    const listed = memo.rules(memo.folder(dir));
    if (listed === undefined) continue;
    for (const rule of listed) {
      const { path, text, applyTo } = rule;
      if (applyTo.length === 0 || (applyTo.length === 1 && applyTo[0] === "**")) {
        // Measured: a nested folder's everywhere-rule is neither inlined nor listed.
        if (dir === root) inlined.push({ path, text });
        continue;
      }
      rules.push({
        path,
        displayPath: `${COPILOT_RULES_DIR}/${basenameOf(path)}`,
        applyTo: [...applyTo],
        description: rule.description ?? "",
      });
    }
  }
  rules.sort((a, b) => (a.displayPath < b.displayPath ? -1 : a.displayPath > b.displayPath ? 1 : 0));
  return { files, inlined, rules };
}
