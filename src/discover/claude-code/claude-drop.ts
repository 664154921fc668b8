// What Claude Code's discovery sees and leaves out: a file, or an import of one, with why and the diagnostic that
// says so. Types only.
import type { Diagnostic } from "../../model/diagnostic.js";

export type DroppedReason =
  | "outside-cwd"
  | "missing"
  | "too-deep"
  | "conditional-rule"
  | "not-text"
  | "agents-md-ignored";

export interface DroppedClaudeFile {
  path: string;
  reason: DroppedReason;
  importedFrom?: string;
  /** The diagnostic that says so. */
  diagnostic: Diagnostic;
}
