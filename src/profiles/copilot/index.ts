// The `copilot` profile: GitHub Copilot CLI 1.0.102's first request on the Responses API (its offline BYOK mode
// with COPILOT_PROVIDER_WIRE_API=responses), as data and a layout function; stand-in prose unless calibrated. Pure.
import type { HarnessProfile } from "../harness-profile.js";
import type { WireFormat } from "../../model/harness-request.js";
import { buildCopilotBody, copilotEndpoint } from "./build-copilot-request.js";
import { COPILOT_PROBED_TOOLS, COPILOT_VERSION } from "./copilot-facts.js";
import { COPILOT_STAND_IN_PROSE, type CopilotProse } from "./copilot-prose.js";
import type { CopilotTurn, CopilotWireApi } from "./copilot-turn.js";

export const COPILOT_WIRE_FORMATS: { readonly [api in CopilotWireApi]: WireFormat } = {
  responses: "openai-responses",
  "chat-completions": "openai-chat-completions",
  "anthropic-messages": "anthropic-messages",
};

export const copilotProfile: HarnessProfile<CopilotTurn, CopilotProse> = {
  id: "copilot",
  displayName: "Copilot CLI",
  description: `GitHub Copilot CLI ${COPILOT_VERSION} (the body of its BYOK provider settings; stand-in prose unless calibrated)`,
  agentVersion: COPILOT_VERSION,
  // The body follows the BYOK provider settings; this is the default (`wireOf` gives the turn's).
  wire: "openai-responses",
  wireOf: (turn) => COPILOT_WIRE_FORMATS[turn.provider.wireApi],
  endpoint: copilotEndpoint,
  tokenizer: { encoding: "o200k_base", estimate: false },
  contextWindow: 272_000,
  standInProse: COPILOT_STAND_IN_PROSE,
  build: buildCopilotBody,
  probeCommands: COPILOT_PROBED_TOOLS,
  modelOf: (turn) => turn.model,
};

export type { CopilotTurn } from "./copilot-turn.js";
export type { CopilotProse } from "./copilot-prose.js";
