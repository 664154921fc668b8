// Adapter data for pi: pi reads its provider from ~/.pi/agent/models.json, so an isolated run gets a scratch agent
// dir (PI_CODING_AGENT_DIR) whose models.json and settings.json name the loopback server; PI_OFFLINE stops the
// version check and the install ping. Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

export const PI_CAPTURE_PROVIDER = "promptc-capture";
export const PI_CAPTURE_MODEL = "promptc-capture-model";

export const piAdapter: AgentAdapter = {
  id: "pi",
  displayName: "pi",
  dialect: "responses",
  executables: ["pi", "cli.js"],
  basePath: "/v1",
  args: [],
  env: {
    PI_OFFLINE: "1",
    PI_SKIP_VERSION_CHECK: "1",
    PI_TELEMETRY: "0",
    NO_PROXY: LOOPBACK_NO_PROXY,
    no_proxy: LOOPBACK_NO_PROXY,
  },
  isolatedEnv: { HOME: "{scratch}/home", PI_CODING_AGENT_DIR: "{scratch}/home/.pi/agent" },
  isolatedDirs: ["{scratch}/home/.pi/agent"],
  isolatedFiles: {
    "{scratch}/home/.pi/agent/models.json": `{"providers":{"${PI_CAPTURE_PROVIDER}":{"baseUrl":"{baseUrl}","api":"openai-responses","apiKey":"{dummyKey}","models":[{"id":"${PI_CAPTURE_MODEL}","name":"promptc capture","reasoning":true,"contextWindow":200000,"maxTokens":32000}]}}}\n`,
    "{scratch}/home/.pi/agent/settings.json": `{"enableInstallTelemetry":false,"defaultProvider":"${PI_CAPTURE_PROVIDER}","defaultModel":"${PI_CAPTURE_MODEL}"}\n`,
  },
  requiresIsolation:
    "pi takes its model endpoint from ~/.pi/agent/models.json, which promptc does not edit; --isolated gives it a scratch agent dir pointing at the capture server",
  contextWindow: 200_000,
  packageName: "@mariozechner/pi-coding-agent",
};
