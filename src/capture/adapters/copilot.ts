// Adapter data for GitHub Copilot CLI: its documented offline/BYOK mode pointed at the server's Responses
// endpoint with a dummy key. From the shared write-up (Copilot CLI 1.0.102); not run by promptc's own tests here.
// Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

export const copilotAdapter: AgentAdapter = {
  id: "copilot",
  displayName: "Copilot CLI",
  dialect: "responses",
  executables: ["copilot"],
  basePath: "/v1",
  args: [],
  env: {
    COPILOT_OFFLINE: "true",
    COPILOT_AUTO_UPDATE: "false",
    COPILOT_PROVIDER_BASE_URL: "{baseUrl}",
    COPILOT_PROVIDER_TYPE: "openai",
    COPILOT_PROVIDER_WIRE_API: "responses",
    COPILOT_PROVIDER_API_KEY: "{dummyKey}",
    NO_PROXY: LOOPBACK_NO_PROXY,
    no_proxy: LOOPBACK_NO_PROXY,
  },
  isolatedEnv: { HOME: "{scratch}/home" },
  isolatedDirs: ["{scratch}/home/.copilot"],
  contextWindow: 272_000,
  packageName: "@github/copilot",
};
