// Extracts the prose only a resumed Claude Code session sends from its next `/v1/messages` body: the sentence
// before re-read instruction files and the date-change message. The body must come from a resume after an
// instruction file changed and the date moved on (to `date`). The result belongs in the user's cache. Pure.
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import type { ClaudeCodeSessionProse } from "../../profiles/claude-code/claude-code-session-prose.js";

const OPEN = "<system-reminder>\n";
const ENTRIES = "\n\nContents of ";

type Message = { role?: string; content?: unknown };
const textsOf = (m: Message | undefined): string[] =>
  typeof m?.content === "string"
    ? [m.content]
    : Array.isArray(m?.content)
      ? (m.content as { text?: unknown }[]).flatMap((b) => (typeof b.text === "string" ? [b.text] : []))
      : [];

export function calibrateClaudeCodeSession(
  body: { [key: string]: unknown },
  date: string,
): { prose?: ClaudeCodeSessionProse; diagnostics: Diagnostic[] } {
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  const prompt = messages.findLast((m) => m.role === "user");
  const reminder = textsOf(prompt).find((t) => t.startsWith(OPEN) && t.includes(ENTRIES));
  const last = messages[messages.length - 1];
  const dateText = last?.role === "system" ? textsOf(last)[0] : undefined;
  const problems: string[] = [];
  if (reminder === undefined) problems.push("no re-read instruction files before the last prompt");
  if (dateText === undefined || !dateText.includes(date)) problems.push(`no date-change message naming ${date}`);
  if (problems.length > 0 || reminder === undefined || dateText === undefined)
    return {
      diagnostics: problems.map((p) =>
        diagnostic("calibrate/layout-differs", "error", `the resumed Claude Code request has ${p}`),
      ),
    };
  return {
    prose: {
      instructionsReread: reminder.slice(OPEN.length, reminder.indexOf(ENTRIES)),
      dateChanged: dateText.split(date).join("{{date}}"),
    },
    diagnostics: [],
  };
}
