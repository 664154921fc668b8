// Adapter data for Gemini CLI: GOOGLE_GEMINI_BASE_URL at the server (HTTP is allowed for 127.0.0.1), a dummy
// API key, `--skip-trust` (else it exits 55 outside a trusted folder); an isolated run gets settings selecting
// API-key auth with telemetry and update checks off. Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

export const geminiCliAdapter: AgentAdapter = {
  id: "gemini-cli",
  displayName: "Gemini CLI",
  dialect: "gemini",
  executables: ["gemini", "gemini.js"],
  basePath: "",
  args: ["--skip-trust"],
  env: {
    GOOGLE_GEMINI_BASE_URL: "{origin}",
    GEMINI_API_KEY: "{dummyKey}",
    GEMINI_TELEMETRY_ENABLED: "false",
    NO_PROXY: LOOPBACK_NO_PROXY,
    no_proxy: LOOPBACK_NO_PROXY,
  },
  // Vertex and Code Assist switches would send the requests (and a real credential) elsewhere.
  unsetEnv: [
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_GCA",
    "GOOGLE_API_KEY",
    "GOOGLE_CLOUD_PROJECT",
    "GOOGLE_APPLICATION_CREDENTIALS",
  ],
  isolatedEnv: { HOME: "{scratch}/home" },
  isolatedDirs: ["{scratch}/home/.gemini"],
  isolatedFiles: {
    "{scratch}/home/.gemini/settings.json":
      '{"security":{"auth":{"selectedType":"gemini-api-key"}},"privacy":{"usageStatisticsEnabled":false},"telemetry":{"enabled":false},"general":{"enableAutoUpdate":false,"enableAutoUpdateNotification":false}}\n',
  },
  versionPattern: "^GeminiCLI(?:-[a-z]+)?/([0-9][0-9A-Za-z.+-]*)",
  contextWindow: 1_048_576,
  packageName: "@google/gemini-cli",
};
