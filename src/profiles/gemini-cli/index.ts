// The `gemini-cli` profile: Gemini CLI 0.61.0's main request (`streamGenerateContent`, model pinned with -m) as
// data and a layout function; stand-in prose unless calibrated. Pure.
import type { BodyLayout, Profile } from "../profile.js";
import { buildGeminiBody } from "./build-gemini-request.js";
import { GEMINI_CLI_VERSION } from "./gemini-facts.js";
import { GEMINI_STAND_IN_PROSE, type GeminiProse } from "./gemini-prose.js";
import type { GeminiTurn } from "./gemini-turn.js";

export const geminiCliLayout: BodyLayout<GeminiTurn, GeminiProse> = {
  type: "body",
  standInProse: GEMINI_STAND_IN_PROSE,
  build: buildGeminiBody,
  endpoint: (turn) => `POST /v1beta/models/${turn.model}:streamGenerateContent?alt=sse`,
  model: (turn) => turn.model,
};

export const geminiCliProfile: Profile<"body"> = {
  id: "gemini-cli",
  displayName: "Gemini CLI",
  description: `Gemini CLI ${GEMINI_CLI_VERSION} (generateContent; stand-in prose unless calibrated)`,
  targetVersion: GEMINI_CLI_VERSION,
  discovery: { type: "gemini-memory" },
  layout: geminiCliLayout,
  wire: { format: "gemini-generate-content" },
  // Gemini's tokenizer is not published as a library: o200k stands in.
  tokenizer: { encoding: "o200k_base", estimate: true },
  window: { tokens: 1_048_576, effectivePercent: 100, source: "profile" },
};

export type { GeminiTurn } from "./gemini-turn.js";
export type { GeminiProse } from "./gemini-prose.js";
