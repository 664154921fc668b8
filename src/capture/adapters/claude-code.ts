// Adapter data for Claude Code: ANTHROPIC_BASE_URL at the server and a dummy API key; non-essential traffic
// (telemetry, update checks) and cloud-provider switches off so only model requests, to the server, leave it. Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

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
    NO_PROXY: LOOPBACK_NO_PROXY,
    no_proxy: LOOPBACK_NO_PROXY,
  },
  // Bedrock/Vertex/Foundry switches send requests to a cloud endpoint (seen: Bedrock first asks the cloud
  // metadata address for credentials); a real token would be sent along with the dummy key.
  unsetEnv: ["CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY", "ANTHROPIC_AUTH_TOKEN"],
  isolatedEnv: { HOME: "{scratch}/home", CLAUDE_CONFIG_DIR: "{scratch}/home/.claude" },
  isolatedDirs: ["{scratch}/home/.claude"],
  versionPattern: "^claude-cli/([0-9][0-9A-Za-z.+-]*)",
  // Claude models' standard window (the 1M one needs a beta header and a plan that has it).
  contextWindow: 200_000,
};
