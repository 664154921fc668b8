// Adapter data for GitHub Copilot CLI 1.0.102: its documented offline BYOK mode (COPILOT_OFFLINE, a provider base
// URL, type and wire API) pointed at the server's Responses endpoint with a dummy key. Confirmed with captures of
// the real binary (test/conformance/copilot-preview.test.ts). Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

/** The model a capture names when the user sets none: BYOK mode refuses to start without one. */
export const COPILOT_CAPTURE_MODEL = "gpt-5.5";

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
  defaultEnv: { COPILOT_MODEL: COPILOT_CAPTURE_MODEL },
  // A token would take precedence over the dummy key and could leave the machine in a header.
  unsetEnv: ["COPILOT_PROVIDER_BEARER_TOKEN", "COPILOT_PROVIDER_API_KEY_COMMAND", "COPILOT_PROVIDER_HEADERS"],
  isolatedEnv: { HOME: "{scratch}/home" },
  isolatedDirs: ["{scratch}/home/.copilot"],
  contextWindow: 272_000,
  packageName: "@github/copilot",
  // The session folder's uuid in `instructions` and the millisecond time in the user message change every run.
  wireCompare: true,
  runIdPatterns: [
    "(?<=session-state/)[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
    "(?<=<current_datetime>)[^<]*(?=</current_datetime>)",
  ],
};
