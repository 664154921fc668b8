// A harness profile's session behaviour: which of the agent's own session-file formats it resumes from, and how
// the next request of that session is built from what the file recorded plus the turn discovered now. Types (pure).
import type { BuiltHarnessBody } from "./harness-profile.js";

/** The agents' own session files promptc reads (session-log/harness/ has one reader per format). */
export type HarnessSessionFormat = "claude-code-jsonl" | "gemini-cli-jsonl" | "pi-jsonl";

/** What a session fixes for the next turn, whatever the directory says now. */
export interface HarnessSessionFacts {
  /** The agent's session id, kept across a resume (metadata, prompt_cache_key). */
  sessionId?: string;
  /** The folder the session was started in. */
  cwd?: string;
}

export interface HarnessSessionBehaviour<Turn, Prose, Session> {
  format: HarnessSessionFormat;
  /** Where the agent keeps the file, for help and errors. */
  where: string;
  facts: (session: Session) => HarnessSessionFacts;
  /** The next request: the session's conversation as the agent sends it again, then the turn's new message. */
  next: (turn: Turn, prose: Prose, session: Session) => BuiltHarnessBody;
}
