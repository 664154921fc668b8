// The `codex` profile: Codex CLI 0.171.0's layout, order and request shape (as captured); prose is stand-in
// (templates/codex) or user-supplied. Pure data.
import { codexToolDeclarations } from "./codex-tools.js";
import { CODEX_DISCOVERY_RULES } from "./discovery-rules.js";
import type { Profile } from "./profile.js";
import { renderSkillLine } from "../fragments/fit-skill-lines.js";

export const codexProfile: Profile<"envelopes"> = {
  id: "codex",
  displayName: "Codex CLI",
  description: "Codex CLI 0.171.0 layout (stand-in prose unless you supply your own)",
  discovery: CODEX_DISCOVERY_RULES,
  // Codex's models use o200k_base (tiktoken-exact counts).
  tokenizer: { encoding: "o200k_base", estimate: false },
  // One line of the skills section: `- name: description (file: …)`.
  skillListingEntry: (s) => `${renderSkillLine({ name: s.name, description: s.description, file: s.path })}\n`,
  layout: {
    type: "envelopes",
    baseInstructions: "developer-message",
    messageIds: true,
    envelopes: [
      { role: "developer", sections: ["developer-instructions", "skills", "permissions"] },
      { role: "user", sections: ["agents-md", "environment-context"] },
    ],
    environmentFilesystem: true,
  },
  // 0.171.0 (captured): instructions and tools follow the current settings; developer_instructions has no
  // baseline (a change sends nothing until compaction re-injects the context); updates: model switch, AGENTS.md,
  // permissions, environment, each developer part its own message; cwd+shell as a pair, network and
  // <filesystem> repeated whenever an environment item is sent.
  session: {
    freezePrefix: false,
    resendDeveloperInstructions: false,
    updateGrouping: "merge-adjacent",
    environmentDiff: { cwdAndShell: "together", networkAndFilesystem: "always" },
  },
  wire: {
    format: "openai-responses",
    fields: [
      "model",
      "stream",
      "input",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "include",
      "prompt_cache_key",
      "client_metadata",
    ],
  },
  // Codex's tools (exec_command, …) cannot run in promptc's loop; `run` sends its own tools instead.
  tools: { declare: (ctx) => codexToolDeclarations(ctx.permissions), order: "declared", runByLoop: false },
  prose: { bundled: "codex" },
  modelCatalogue: "codex",
  targetVersion: "0.171.0",
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
