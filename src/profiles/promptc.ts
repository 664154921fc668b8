// The default `promptc` profile: Codex's mechanics (discovery, caps, markers) with promptc's own prose and the
// tools promptc's loop runs (promptc-tools.ts), sorted by name; base instructions go in `instructions`. Pure data.
import { codexProfile } from "./codex.js";
import { promptcToolDeclarations } from "./promptc-tools.js";
import type { Profile } from "./profile.js";

export const promptcProfile: Profile<"envelopes"> = {
  id: "promptc",
  displayName: "promptc",
  description: "promptc's own prose and tools on Codex's mechanics",
  discovery: { type: "turn-context", decode: "char-boundary" },
  tokenizer: codexProfile.tokenizer,
  skillListingEntry: codexProfile.skillListingEntry,
  layout: {
    type: "envelopes",
    baseInstructions: "instructions-field",
    messageIds: false,
    envelopes: [
      { role: "developer", sections: ["permissions", "developer-instructions", "skills"] },
      { role: "user", sections: ["agents-md", "environment-context"] },
    ],
    environmentFilesystem: false,
  },
  // Instructions and tools frozen at the first turn (the cached prefix survives setting changes); changed or
  // added developer instructions are re-sent (a removal sends nothing: there is no sentence for it yet); updates
  // as one developer message, then one user message; the environment diff carries only what changed.
  session: {
    freezePrefix: true,
    resendDeveloperInstructions: true,
    updateGrouping: "one-per-role",
    environmentDiff: { cwdAndShell: "each", networkAndFilesystem: "when-changed" },
  },
  wire: {
    format: "openai-responses",
    fields: [
      "model",
      "instructions",
      "input",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "stream",
      "include",
      "prompt_cache_key",
    ],
  },
  // Exactly what `promptc run` executes in this sandbox, so `preview` shows the tools `run` sends.
  tools: { declare: (ctx) => promptcToolDeclarations(ctx.permissions), order: "by-name", runByLoop: true },
  prose: { bundled: "promptc" },
  // Codex's request settings, without the client metadata (its ids mean nothing outside Codex).
  request: { ...codexProfile.request, clientMetadata: false },
};
