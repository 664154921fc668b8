// The `copilot` profile: GitHub Copilot CLI 1.0.102's first request in the body its BYOK provider settings select
// (Responses, Chat Completions or Anthropic Messages), as data and a layout function; stand-in prose unless
// calibrated. Pure.
import type { PostedWireFormatId } from "../../model/wire-format.js";
import { idAndFolder } from "../harness-session.js";
import type { BodyLayout, Profile } from "../profile.js";
import { buildCopilotNextBody } from "./build-copilot-next-request.js";
import { recordCopilotTurn } from "./record-copilot-turn.js";
import { buildCopilotBody, copilotEndpoint } from "./build-copilot-request.js";
import { renderCopilotSkillEntry } from "./render-copilot-instructions.js";
import { COPILOT_PROBED_TOOLS, COPILOT_VERSION } from "./copilot-facts.js";
import { COPILOT_STAND_IN_PROSE, type CopilotProse } from "./copilot-prose.js";
import type { CopilotTurn, CopilotWireApi } from "./copilot-turn.js";

export const COPILOT_WIRE_FORMATS: { readonly [api in CopilotWireApi]: PostedWireFormatId } = {
  responses: "openai-responses",
  "chat-completions": "openai-chat-completions",
  "anthropic-messages": "anthropic-messages",
};

export const copilotLayout: BodyLayout<CopilotTurn, CopilotProse> = {
  type: "body",
  standInProse: COPILOT_STAND_IN_PROSE,
  build: buildCopilotBody,
  endpoint: copilotEndpoint,
  model: (turn) => turn.model,
  postedWire: (turn) => COPILOT_WIRE_FORMATS[turn.provider.wireApi],
  // `copilot --continue` / `--resume=ID`: the instructions are rebuilt (with the session's folder), the recorded
  // conversation replayed; the cache key is new every run.
  session: {
    format: "copilot-jsonl",
    where: "~/.copilot/session-state/<session id>/events.jsonl",
    facts: idAndFolder,
    next: buildCopilotNextBody,
    record: recordCopilotTurn,
  },
};

export const copilotProfile: Profile<"body"> = {
  id: "copilot",
  displayName: "Copilot CLI",
  description: `GitHub Copilot CLI ${COPILOT_VERSION} (the body of its BYOK provider settings; stand-in prose unless calibrated)`,
  targetVersion: COPILOT_VERSION,
  discovery: { type: "copilot-instructions", probeCommands: COPILOT_PROBED_TOOLS },
  layout: copilotLayout,
  // The body follows the provider settings; this is the format without BYOK (`postedWire` gives the turn's).
  wire: { format: "openai-responses" },
  tokenizer: { encoding: "o200k_base", estimate: false },
  skillListingEntry: (s) =>
    `${renderCopilotSkillEntry({ name: s.name, description: s.description, location: s.path })}\n`,
  window: { tokens: 272_000, effectivePercent: 100, source: "profile" },
};

export type { CopilotTurn, CopilotWireApi } from "./copilot-turn.js";
export type { CopilotProse } from "./copilot-prose.js";
