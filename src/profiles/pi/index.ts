// The `pi` profile: pi 0.73.1's first request for the provider configured in ~/.pi/agent, as data and a layout
// function; stand-in prose unless calibrated. Pure.
import type { WireFormat } from "../../model/harness-request.js";
import type { HarnessProfile } from "../harness-profile.js";
import { buildPiNextBody } from "./build-pi-next-request.js";
import { buildPiBody, piEndpoint } from "./build-pi-request.js";
import { PI_VERSION } from "./pi-facts.js";
import { PI_STAND_IN_PROSE, type PiProse } from "./pi-prose.js";
import type { PiSession } from "./pi-session.js";
import type { PiApi, PiTurn } from "./pi-turn.js";

export const PI_WIRE_FORMATS: { readonly [api in PiApi]: WireFormat } = {
  "openai-responses": "openai-responses",
  "openai-completions": "openai-chat-completions",
  "anthropic-messages": "anthropic-messages",
  "google-generative-ai": "gemini-generate-content",
};

export const piProfile: HarnessProfile<PiTurn, PiProse, PiSession> = {
  id: "pi",
  displayName: "pi",
  description: `pi ${PI_VERSION} (the API of the provider configured in ~/.pi/agent; stand-in prose unless calibrated)`,
  agentVersion: PI_VERSION,
  // The body's format follows the provider; this is the default (`wireOf` below gives the turn's).
  wire: "openai-responses",
  wireOf: (turn) => PI_WIRE_FORMATS[turn.provider.api],
  endpoint: piEndpoint,
  tokenizer: { encoding: "o200k_base", estimate: true },
  contextWindow: 200_000,
  standInProse: PI_STAND_IN_PROSE,
  build: buildPiBody,
  modelOf: (turn) => turn.provider.model,
  // `pi --continue` / `--session FILE`: the session id stays the prompt_cache_key; the system text is rebuilt.
  session: {
    format: "pi-jsonl",
    where: "~/.pi/agent/sessions/--<cwd>--/<time>_<session id>.jsonl",
    facts: (s) => (s.cwd === undefined ? { sessionId: s.sessionId } : { sessionId: s.sessionId, cwd: s.cwd }),
    next: buildPiNextBody,
  },
};

export type { PiTurn, PiApi, PiProvider } from "./pi-turn.js";
export type { PiProse } from "./pi-prose.js";
