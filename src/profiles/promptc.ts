// The default `promptc` profile: Codex's mechanics (discovery, caps, markers) with promptc's own prose and a
// smaller tool list sorted by name; base instructions go in `instructions`. Pure data.
import { codexProfile } from "./codex.js";
import { codexToolDeclarations } from "./codex-tools.js";
import type { Profile } from "./profile.js";

const PROMPTC_TOOLS = new Set(["exec_command", "write_stdin", "request_user_input"]);

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
  tools: (ctx) => {
    const hasImage = ctx.userInput.images.length > 0 || (ctx.userInput.localImages?.length ?? 0) > 0;
    return codexToolDeclarations(ctx.permissions).filter((t) => PROMPTC_TOOLS.has(t.name) || (hasImage && t.name === "view_image"));
  },
  toolOrder: "by-name",
  // Codex's request settings, without the client metadata (its ids mean nothing outside Codex).
  request: { ...codexProfile.request, clientMetadata: false },
};
