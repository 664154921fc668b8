// The next `/v1/messages` body of a resumed Claude Code 2.1.332 session (`claude -p --resume <id>` or
// `--continue`): the first request's system blocks, tools and settings (its billing fingerprint and session id
// kept), the recorded conversation, then the new prompt with what changed since (changed, new and removed
// instruction files as a user reminder before it; skills not listed yet and a new date as a system message after
// it); one cache breakpoint on the last block. Pure.
// Every rule is from loopback captures of the real binary's first, second and third requests.
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import { buildClaudeCodeBody, renderClaudeMdEntries, renderSkillLines } from "./build-claude-code-request.js";
import type { ClaudeCodeProse } from "./claude-code-prose.js";
import { fillSlots } from "./claude-code-prose.js";
import { CLAUDE_CODE_SESSION_STAND_INS } from "./claude-code-session-prose.js";
import type { AnthropicBlock, AnthropicMessage, ClaudeCodeSession } from "./claude-code-session.js";
import type { ClaudeCodeTurn } from "./claude-code-turn.js";

const EPHEMERAL = { type: "ephemeral" } as const;

/** The instruction files whose content differs from (or is missing in) what the session last sent, in chain order. */
export function changedInstructionFiles(
  turn: Pick<ClaudeCodeTurn, "memoryFiles">,
  session: Pick<ClaudeCodeSession, "instructions">,
): ClaudeCodeTurn["memoryFiles"] {
  const sent = new Map(session.instructions.map((f) => [f.path, f.content]));
  return turn.memoryFiles.filter((f) => sent.get(f.path) !== f.content);
}

/** The last message's content as blocks, its last block with the cache breakpoint; every other message unchanged. */
export function withCacheBreakpoint(messages: readonly AnthropicMessage[]): { [key: string]: unknown }[] {
  return messages.map((m, i) => {
    const out: { [key: string]: unknown } = { role: m.role };
    if (i < messages.length - 1) out.content = m.content;
    else {
      const blocks: AnthropicBlock[] =
        typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content.map((b) => ({ ...b }));
      const last = blocks.length - 1;
      if (last >= 0) blocks[last] = { ...blocks[last]!, cache_control: EPHEMERAL };
      out.content = blocks;
    }
    if (m.output_config !== undefined) out.output_config = m.output_config;
    return out;
  });
}

export function buildClaudeCodeNextBody(
  turn: ClaudeCodeTurn,
  prose: ClaudeCodeProse,
  session: ClaudeCodeSession,
): BuiltBody {
  // System blocks, tools and settings are the first request's: its prompt decides the billing fingerprint.
  const first = buildClaudeCodeBody({ ...turn, message: session.firstPrompt, sessionId: session.sessionId }, prose);
  const text = { ...CLAUDE_CODE_SESSION_STAND_INS, ...prose.session };
  const origin = prose.session !== undefined ? prose.origin : "stand-in";
  const layers: WireLayer[] = first.layers.filter((l) => l.layer === "system");
  const history = session.messages.length;
  session.messages.forEach((m, i) =>
    layers.push({
      id: `history:${i}`,
      layer: "history",
      where: `messages[${i}]`,
      text: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
      sources: [],
      prose: "data",
    }),
  );

  const blocks: AnthropicBlock[] = [];
  const changed = changedInstructionFiles(turn, session);
  const removed = session.instructions.filter((f) => !turn.memoryFiles.some((m) => m.path === f.path));
  if (changed.length > 0 || removed.length > 0) {
    const head =
      changed.length > 0
        ? `${text.instructionsReread}\n\n${renderClaudeMdEntries(changed)}`
        : text.instructionsRereadRemovedOnly;
    const gone = removed.map((f) => `\n\n${text.instructionsRemoved}${f.path}`).join("");
    // The reminder right before the prompt ends with a newline (as in the first request's attribution reminder).
    const reminder = `<system-reminder>\n${head}${gone}\n</system-reminder>\n`;
    layers.push({
      id: "claude-md-reread",
      layer: "context-file",
      where: `messages[${history}].content[0].text`,
      text: reminder,
      sources: changed.map((f) => ({
        path: f.path,
        bytesIn: f.bytesIn,
        bytesKept: new TextEncoder().encode(f.content).length,
      })),
      prose: origin,
    });
    blocks.push({ type: "text", text: reminder });
  }
  layers.push({
    id: "user-message",
    layer: "user-message",
    where: `messages[${history}].content[${blocks.length}].text`,
    text: turn.message,
    sources: [],
    prose: "data",
  });
  const prompt: AnthropicMessage =
    blocks.length === 0
      ? { role: "user", content: turn.message }
      : { role: "user", content: [...blocks, { type: "text", text: turn.message }] };
  const messages: AnthropicMessage[] = [...session.messages, prompt];
  // What changed since the last request as one system message: skills not listed yet, then a new date.
  const listed = session.skillNames === undefined ? undefined : new Set(session.skillNames);
  const newSkills = listed === undefined ? [] : turn.skills.filter((s) => !listed.has(s.name));
  const notes: { id: string; text: string; layer: string; prose: typeof origin }[] = [];
  if (newSkills.length > 0)
    notes.push({
      id: "skills-added",
      layer: "skills",
      text: `${prose.skillsIntro}\n\n${renderSkillLines(newSkills)}`,
      prose: prose.origin,
    });
  if (session.date !== undefined && session.date !== turn.date)
    notes.push({
      id: "date-changed",
      layer: "environment",
      text: fillSlots(text.dateChanged, { date: turn.date }),
      prose: origin,
    });
  if (notes.length > 0) {
    for (const n of notes)
      layers.push({
        id: n.id,
        layer: n.layer,
        where: `messages[${messages.length}].content`,
        text: n.text,
        sources: [],
        prose: n.prose,
      });
    messages.push({ role: "system", content: notes.map((n) => n.text).join("\n\n") });
  }
  const body = { ...first.body, messages: withCacheBreakpoint(messages) };
  return { body, layers, tools: first.tools };
}
