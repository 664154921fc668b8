// The `pi` profile: pi 0.73.1's first request for the provider configured in ~/.pi/agent, as data and a layout
// function; stand-in prose unless calibrated. Pure.
import { recordPiTurn } from "./record-pi-turn.js";
import { idAndFolder } from "../harness-session.js";
import type { BodyLayout, PostedWireFormatId, Profile } from "../profile.js";
import { buildPiNextBody } from "./build-pi-next-request.js";
import { buildPiBody, piEndpoint, renderPiSkillEntry } from "./build-pi-request.js";
import { PI_VERSION } from "./pi-facts.js";
import { PI_STAND_IN_PROSE, type PiProse } from "./pi-prose.js";
import type { PiApi, PiTurn } from "./pi-turn.js";

/** The wire format of each API a pi provider may speak. */
export const PI_WIRE_FORMATS: { readonly [api in PiApi]: PostedWireFormatId } = {
  "openai-responses": "openai-responses",
  "openai-completions": "openai-chat-completions",
  "anthropic-messages": "anthropic-messages",
  "google-generative-ai": "gemini-generate-content",
};

export const piLayout: BodyLayout<PiTurn, PiProse> = {
  type: "body",
  standInProse: PI_STAND_IN_PROSE,
  build: buildPiBody,
  endpoint: piEndpoint,
  model: (turn) => turn.provider.model,
  postedWire: (turn) => PI_WIRE_FORMATS[turn.provider.api],
  // `pi --continue` / `--session FILE`: the session id stays the prompt_cache_key; the system text is rebuilt.
  session: {
    format: "pi-jsonl",
    where: "~/.pi/agent/sessions/--<cwd>--/<time>_<session id>.jsonl",
    facts: idAndFolder,
    next: buildPiNextBody,
    record: recordPiTurn,
  },
};

export const piProfile: Profile<"body"> = {
  id: "pi",
  displayName: "pi",
  description: `pi ${PI_VERSION} (the API of the provider configured in ~/.pi/agent; stand-in prose unless calibrated)`,
  targetVersion: PI_VERSION,
  // pi's own rule: the nearest ancestor holding `.git` (file or folder), not git's answer.
  discovery: { type: "pi-context", projectRootMarkers: [".git"] },
  layout: piLayout,
  wire: { format: "pi-provider" },
  tokenizer: { encoding: "o200k_base", estimate: true },
  skillListingEntry: (s) => `${renderPiSkillEntry(s)}\n`,
  window: { tokens: 200_000, effectivePercent: 100, source: "profile" },
};

export type { PiTurn, PiApi, PiProvider } from "./pi-turn.js";
export type { PiProse } from "./pi-prose.js";
