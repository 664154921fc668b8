// Adapter data for Claude Code: ANTHROPIC_BASE_URL at the server and a dummy API key; non-essential traffic
// (telemetry, update checks) switched off so only model requests reach the server. Pure data.
import type { AgentAdapter } from "../agent-adapter.js";

export const claudeCodeAdapter: AgentAdapter = {
  id: "claude-code",
  displayName: "Claude Code",
  dialect: "anthropic-messages",
  executables: ["claude", "claude-code"],
  basePath: "",
  args: [],
  env: {
    ANTHROPIC_BASE_URL: "{origin}",
    ANTHROPIC_API_KEY: "{dummyKey}",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
  },
  isolatedEnv: { HOME: "{scratch}/home", CLAUDE_CONFIG_DIR: "{scratch}/home/.claude" },
  isolatedDirs: ["{scratch}/home/.claude"],
  versionPattern: "^claude-cli/([0-9][0-9A-Za-z.+-]*)",
};
