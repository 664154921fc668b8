// Everything Gemini CLI 0.61.0's main request is derived from, as data (discover/gemini/load-gemini-turn.ts).
// Types only (pure).

export type GeminiApprovalMode = "default" | "yolo";

export interface GeminiTurn {
  cwd: string;
  home: string;
  /** `YYYY-MM-DD`; shown as a long en-US date. */
  date: string;
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
