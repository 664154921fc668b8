// The next `streamGenerateContent` body of a resumed Gemini CLI 0.61.0 session (`gemini --resume`): the session
// context rendered afresh (today's date, the tree and the GEMINI.md chain as they are now), the recorded
// conversation, the new message; neighbouring contents of one role merged into one. System instruction, tools
// and settings as in a first request. Pure. Rules from loopback captures of first and resumed requests.
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import { buildGeminiBody } from "./build-gemini-request.js";
import type { GeminiProse } from "./gemini-prose.js";
import type { GeminiContent, GeminiSession } from "./gemini-session.js";
import type { GeminiTurn } from "./gemini-turn.js";

/** Neighbouring contents of the same role become one (the resumed history, the fresh context and the message). */
export function mergeSameRole(contents: readonly GeminiContent[]): GeminiContent[] {
  const out: GeminiContent[] = [];
  for (const c of contents) {
    const last = out[out.length - 1];
    if (last !== undefined && last.role === c.role) last.parts.push(...c.parts);
    else out.push({ role: c.role, parts: [...c.parts] });
  }
  return out;
}

export function buildGeminiNextBody(
  turn: GeminiTurn,
  prose: GeminiProse,
  session: Pick<GeminiSession, "sessionId" | "history">,
): BuiltBody {
  const first = buildGeminiBody(turn, prose);
  const context = first.layers.find((l) => l.id === "session-context")!;
  const merged = mergeSameRole([
    { role: "user", parts: [{ text: context.text }] },
    ...session.history,
    { role: "user", parts: [{ text: turn.message }] },
  ]);
  const layers: WireLayer[] = [context];
  merged.forEach((c, i) =>
    c.parts.forEach((p, j) => {
      if (i === 0 && j === 0) return;
      const last = i === merged.length - 1 && j === c.parts.length - 1;
      layers.push({
        id: last ? "user-message" : `history:${i}.${j}`,
        layer: last ? "user-message" : "history",
        where: `contents[${i}].parts[${j}]`,
        text: typeof p.text === "string" ? p.text : JSON.stringify(p),
        sources: [],
        prose: "data",
      });
    }),
  );
  layers.push(...first.layers.filter((l) => l.id === "system-instruction"));
  const body = { ...first.body, contents: merged.map((c) => ({ parts: c.parts, role: c.role })) };
  return { body, layers, tools: first.tools };
}
