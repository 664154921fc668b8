// Start/end markers of every contextual user fragment, and how history parsing recognises them. Pure.
// Matching follows Codex: trim, compare the marker bytes ignoring ASCII case, both ends must match.

export type ContextualFragmentId =
  | "agents-md"
  | "environment-context"
  | "skill"
  | "user-shell-command"
  | "turn-aborted"
  | "subagent-notification";

export interface FragmentMarkers {
  id: ContextualFragmentId;
  start: string;
  end: string;
}

export const CONTEXTUAL_FRAGMENT_MARKERS: readonly FragmentMarkers[] = [
  // 0.171.0 drops any "# AGENTS.md instructions…</INSTRUCTIONS>" text at compaction, with or without " for <dir>"
  // (its withdrawal message has no directory); probed with real user messages against Codex 0.171.0.
  { id: "agents-md", start: "# AGENTS.md instructions", end: "</INSTRUCTIONS>" },
  { id: "environment-context", start: "<environment_context>", end: "</environment_context>" },
  { id: "skill", start: "<skill>", end: "</skill>" },
  { id: "user-shell-command", start: "<user_shell_command>", end: "</user_shell_command>" },
  { id: "turn-aborted", start: "<turn_aborted>", end: "</turn_aborted>" },
  { id: "subagent-notification", start: "<subagent_notification>", end: "</subagent_notification>" },
];

/** Fragments that are never persisted into memories (Codex excludes AGENTS.md and skills). */
export const MEMORY_EXCLUDED_FRAGMENTS: ReadonlySet<ContextualFragmentId> = new Set(["agents-md", "skill"]);

// Markers are ASCII, so comparing UTF-16 code units ignoring ASCII case equals Codex's byte comparison.
function equalsIgnoreAsciiCase(a: string, b: string): boolean {
  return (
    a.length === b.length && a.replace(/[A-Z]/g, (c) => c.toLowerCase()) === b.replace(/[A-Z]/g, (c) => c.toLowerCase())
  );
}

export function matchesMarkers(text: string, markers: Pick<FragmentMarkers, "start" | "end">): boolean {
  const head = text.trimStart();
  const tail = text.trimEnd();
  if (head.length < markers.start.length || tail.length < markers.end.length) return false;
  return (
    equalsIgnoreAsciiCase(head.slice(0, markers.start.length), markers.start) &&
    equalsIgnoreAsciiCase(tail.slice(tail.length - markers.end.length), markers.end)
  );
}

/** The contextual fragment a text is, or undefined for real user text. */
export function matchFragment(text: string): ContextualFragmentId | undefined {
  return CONTEXTUAL_FRAGMENT_MARKERS.find((m) => matchesMarkers(text, m))?.id;
}
