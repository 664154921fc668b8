// Everything Gemini CLI 0.61.0's main request is derived from, as data (discover/gemini/load-gemini-turn.ts).
// Types only (pure).

/** Gemini CLI's `--approval-mode` values (`-y` is yolo). */
export const GEMINI_APPROVAL_MODES = ["default", "auto_edit", "yolo", "plan"] as const;
export type GeminiApprovalMode = (typeof GEMINI_APPROVAL_MODES)[number];

export interface GeminiTurn {
  cwd: string;
  home: string;
  /** `YYYY-MM-DD`; shown as a long en-US date unless `longDate` is given. */
  date: string;
  /** The date as Gemini CLI writes it in the user's locale when that is not English (discovery formats it). */
  longDate?: string;
  platform: string;
  message: string;
  model: string;
  approvalMode: GeminiApprovalMode;
  /** `~/.gemini/tmp/<project id>`. */
  tempDir: string;
  inGit: boolean;
  /** `<cwd>/` and the tree lines. */
  tree: string;
  treeTruncated: boolean;
  /** `--- Context from: … ---` blocks of the global files (system text) and the project's (first user part). */
  globalContext: string;
  projectContext: string;
  skills: { name: string; description: string; path: string }[];
  contextFiles: { path: string; bytesIn: number }[];
  /** `context.fileName` (default GEMINI.md). */
  fileNames: string[];
}
