// The default `promptc` profile: Codex's mechanics (discovery, caps, markers) with promptc's own prose and the
// tools promptc's loop runs (promptc-tools.ts), sorted by name; base instructions go in `instructions`. Pure data.
import { codexProfile } from "./codex.js";
import { promptcToolDeclarations } from "./promptc-tools.js";
import type { Profile } from "./profile.js";

export const promptcProfile: Profile = {
  id: "promptc",
  description: "promptc's own prose and tools on Codex's mechanics",
  discovery: { lossyUtf8Cut: false },
  requestFields: ["model", "instructions", "input", "tools", "tool_choice", "parallel_tool_calls", "reasoning", "store", "stream", "include", "prompt_cache_key"],
  baseInstructions: "instructions-field",
  messageIds: false,
  developerSections: ["permissions", "developer-instructions", "skills"],
  contextSections: ["agents-md", "environment-context"],
  environmentFilesystem: false,
  // Exactly what `promptc run` executes in this sandbox, so `preview` shows the tools `run` sends.
  tools: (ctx) => promptcToolDeclarations(ctx.permissions),
  toolOrder: "by-name",
  // Codex's request settings, without the client metadata (its ids mean nothing outside Codex).
  request: { ...codexProfile.request, clientMetadata: false },
};
