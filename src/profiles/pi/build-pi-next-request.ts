// The next request of a continued pi 0.73.1 session (`pi --continue`, `--session FILE`): the system text built
// afresh (context files and date as they are now), the session's conversation in the configured API's shape,
// then the new message, which keeps the first request's place and cache mark. Pure.
import type { BuiltBody } from "../profile.js";
import { withHistoryLayers } from "../with-history-layers.js";
import { buildPiBody } from "./build-pi-request.js";
import { normalizePiMessages, PI_HISTORY_WIRE } from "./pi-history-wire.js";
import type { PiProse } from "./pi-prose.js";
import type { PiSession } from "./pi-session.js";
import type { PiTurn } from "./pi-turn.js";

/** Per API: the array the conversation goes in, and how many system entries lead it. */
const HISTORY_KEY = {
  "openai-responses": { key: "input", lead: 1 },
  "openai-completions": { key: "messages", lead: 1 },
  "anthropic-messages": { key: "messages", lead: 0 },
  "google-generative-ai": { key: "contents", lead: 0 },
} as const;

export function buildPiNextBody(turn: PiTurn, prose: PiProse, session: PiSession): BuiltBody {
  const first = buildPiBody({ ...turn, sessionId: session.sessionId }, prose);
  const { key, lead } = HISTORY_KEY[turn.provider.api];
  const list = first.body[key] as unknown[];
  const history = PI_HISTORY_WIRE[turn.provider.api](normalizePiMessages(session.messages));
  const body = { ...first.body, [key]: [...list.slice(0, lead), ...history, ...list.slice(lead)] };
  return withHistoryLayers(first, body, key, lead, history);
}
