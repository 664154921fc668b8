// The `gemini-cli` profile: Gemini CLI 0.61.0's main request (`streamGenerateContent`, model pinned with -m) as
// data and a layout function; stand-in prose unless calibrated. Pure.
import { recordGeminiTurn } from "./record-gemini-turn.js";
import type { BodyLayout, Profile } from "../profile.js";
import { buildGeminiNextBody } from "./build-gemini-next-request.js";
import { buildGeminiBody } from "./build-gemini-request.js";
import { GEMINI_CLI_VERSION, renderGeminiSkillsXml } from "./gemini-facts.js";
import { GEMINI_STAND_IN_PROSE, type GeminiProse } from "./gemini-prose.js";
import { GEMINI_APPROVAL_MODES, type GeminiTurn } from "./gemini-turn.js";

export const geminiCliLayout: BodyLayout<GeminiTurn, GeminiProse> = {
  type: "body",
  standInProse: GEMINI_STAND_IN_PROSE,
  build: buildGeminiBody,
  endpoint: (turn) => `POST /v1beta/models/${turn.model}:streamGenerateContent?alt=sse`,
  model: (turn) => turn.model,
  // Named after the folder's basename, so a clone under another name has another one.
  projectFolders: (turn) => [turn.tempDir],
  // `gemini --resume`: no session id goes on the wire; the session context is rendered afresh.
  session: {
    format: "gemini-cli-jsonl",
    where: "~/.gemini/tmp/<project id>/chats/session-*.jsonl",
    facts: () => ({}),
    next: buildGeminiNextBody,
    record: recordGeminiTurn,
  },
};

export const geminiCliProfile: Profile<"body"> = {
  id: "gemini-cli",
  displayName: "Gemini CLI",
  description: `Gemini CLI ${GEMINI_CLI_VERSION} (generateContent; stand-in prose unless calibrated)`,
  targetVersion: GEMINI_CLI_VERSION,
  discovery: { type: "gemini-memory", approvalModes: GEMINI_APPROVAL_MODES },
  layout: geminiCliLayout,
  wire: { format: "gemini-generate-content" },
  // Gemini's tokenizer is not published as a library: o200k stands in.
  tokenizer: { encoding: "o200k_base", estimate: true },
  skillListingEntry: (s) => `${renderGeminiSkillsXml([s])}\n`,
  window: { tokens: 1_048_576, effectivePercent: 100, source: "profile" },
};

export type { GeminiTurn } from "./gemini-turn.js";
export type { GeminiProse } from "./gemini-prose.js";
