// The `codex` profile: Codex CLI 0.171.0's layout, order and request shape (as captured); prose is stand-in
// (templates/codex) or user-supplied. Pure data.
import { codexToolDeclarations } from "./codex-tools.js";
import { CODEX_DISCOVERY_RULES } from "./discovery-rules.js";
import type { Profile } from "./profile.js";

export const codexProfile: Profile = {
  id: "codex",
  description: "Codex CLI 0.171.0 layout (stand-in prose unless you supply your own)",
  discovery: CODEX_DISCOVERY_RULES,
  requestFields: ["model", "stream", "input", "tools", "tool_choice", "parallel_tool_calls", "reasoning", "store", "include", "prompt_cache_key", "client_metadata"],
  baseInstructions: "developer-message",
  messageIds: true,
  developerSections: ["developer-instructions", "skills", "permissions"],
  contextSections: ["agents-md", "environment-context"],
  modelCatalogue: "codex",
  targetVersion: "0.171.0",
  environmentFilesystem: true,
  tools: (ctx) => codexToolDeclarations(ctx.permissions),
  toolOrder: "declared",
  request: {
    stream: true,
    toolChoice: "auto",
    parallelToolCalls: true,
    reasoning: { summary: "auto" },
    store: false,
    include: ["reasoning.encrypted_content"],
    clientMetadata: true,
  },
};
