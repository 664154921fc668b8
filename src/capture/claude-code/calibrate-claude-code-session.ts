// Extracts the prose only a resumed Claude Code session sends from two resumed `/v1/messages` bodies, cutting at
// data (paths, the date): one resume after an instruction file changed, another was removed and the date moved
// on; one after a file was removed and nothing else. The result belongs in the user's cache. Pure.
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import type { ClaudeCodeSessionProse } from "../../profiles/claude-code/claude-code-session-prose.js";

const OPEN = "<system-reminder>\n";
const ENTRIES = "\n\nContents of ";

type Body = { [key: string]: unknown };
type Message = { role?: string; content?: unknown };
const messagesOf = (b: Body): Message[] => (Array.isArray(b.messages) ? (b.messages as Message[]) : []);
const textsOf = (m: Message | undefined): string[] =>
  typeof m?.content === "string"
    ? [m.content]
    : Array.isArray(m?.content)
      ? (m.content as { text?: unknown }[]).flatMap((b) => (typeof b.text === "string" ? [b.text] : []))
      : [];
/** The re-read reminder before the last prompt (it names `path`). */
const rereadOf = (b: Body, path: string): string | undefined =>
  textsOf(messagesOf(b).findLast((m) => m.role === "user")).find((t) => t.startsWith(OPEN) && t.includes(path));

export interface ResumedCalibrationRun {
  body: Body;
  /** The instruction file removed before this resume. */
  removedPath: string;
}

export function calibrateClaudeCodeSession(
  changed: ResumedCalibrationRun & { date: string },
  removedOnly: ResumedCalibrationRun,
): { prose?: ClaudeCodeSessionProse; diagnostics: Diagnostic[] } {
  const problems: string[] = [];
  const r1 = rereadOf(changed.body, changed.removedPath);
  const at = r1?.lastIndexOf(changed.removedPath) ?? -1;
  const label = r1 === undefined || at < 0 ? undefined : r1.slice(r1.lastIndexOf("\n\n", at) + 2, at);
  if (r1 === undefined || !r1.includes(ENTRIES) || label === undefined)
    problems.push(`no reminder with re-read and removed (${changed.removedPath}) instruction files`);
  const last = messagesOf(changed.body).at(-1);
  const dateText = last?.role === "system" ? textsOf(last)[0] : undefined;
  if (dateText === undefined || !dateText.includes(changed.date))
    problems.push(`no date-change message naming ${changed.date}`);
  const r2 = rereadOf(removedOnly.body, removedOnly.removedPath);
  const end = label === undefined ? -1 : (r2?.indexOf(`\n\n${label}${removedOnly.removedPath}`) ?? -1);
  if (r2 === undefined || end < 0) problems.push(`no reminder with only a removed file (${removedOnly.removedPath})`);
  if (problems.length > 0 || r1 === undefined || r2 === undefined || label === undefined || dateText === undefined)
    return {
      diagnostics: problems.map((p) =>
        diagnostic("calibrate/layout-differs", "error", `the resumed Claude Code requests have ${p}`),
      ),
    };
  return {
    prose: {
      instructionsReread: r1.slice(OPEN.length, r1.indexOf(ENTRIES)),
      instructionsRereadRemovedOnly: r2.slice(OPEN.length, end),
      instructionsRemoved: label,
      dateChanged: dateText.split(changed.date).join("{{date}}"),
    },
    diagnostics: [],
  };
}
