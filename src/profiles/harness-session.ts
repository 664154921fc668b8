// The agents' own session-file formats a harness profile resumes from, and what a read session fixes for the next
// turn (a body layout's `session` behaviour, profile.ts, names them). Pure.

/** The agents' own session files promptc reads (session-log/harness/ has one reader per format). */
export type HarnessSessionFormat = "claude-code-jsonl" | "gemini-cli-jsonl" | "pi-jsonl" | "copilot-jsonl";

/** What a session fixes for the next turn, whatever the directory says now. */
export interface HarnessSessionFacts {
  /** The agent's session id, kept across a resume (metadata, prompt_cache_key). */
  sessionId?: string;
  /** The folder the session was started in. */
  cwd?: string;
}

/** The facts of a session that records its id and, maybe, its folder. */
export function idAndFolder(session: { sessionId: string; cwd?: string }): HarnessSessionFacts {
  return session.cwd === undefined
    ? { sessionId: session.sessionId }
    : { sessionId: session.sessionId, cwd: session.cwd };
}
