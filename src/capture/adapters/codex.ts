// Adapter data for the Codex CLI: a custom Responses provider given with `-c` overrides (the user's
// config.toml is never edited) and a dummy key in the environment. Pure data.
import { LOOPBACK_NO_PROXY, type AgentAdapter } from "../agent-adapter.js";

export const CODEX_PROVIDER_ID = "promptc_capture";
export const CODEX_KEY_ENV = "PROMPTC_CAPTURE_API_KEY";

export const codexAdapter: AgentAdapter = {
  id: "codex",
  displayName: "Codex CLI",
  dialect: "responses",
  executables: ["codex", "codex.js", "codex-x86_64-unknown-linux-musl"],
  // Its version is then read from the package instead of running `codex --version` (~0.4 s for `promptc agents`).
  packageName: "@openai/codex",
  basePath: "/v1",
  args: [
    "-c",
    `model_provider="${CODEX_PROVIDER_ID}"`,
    "-c",
    `model_providers.${CODEX_PROVIDER_ID}={name="promptc capture",base_url="{baseUrl}",wire_api="responses",env_key="${CODEX_KEY_ENV}"}`,
  ],
  env: { [CODEX_KEY_ENV]: "{dummyKey}", NO_PROXY: LOOPBACK_NO_PROXY, no_proxy: LOOPBACK_NO_PROXY },
  isolatedEnv: { HOME: "{scratch}/home", CODEX_HOME: "{scratch}/codex-home" },
  isolatedDirs: ["{scratch}/home", "{scratch}/codex-home"],
  contextWindow: 272_000,
  profile: "codex",
  targetVersion: "0.171.0",
  versionPattern: "^codex_[a-z_]+/([0-9][0-9A-Za-z.+-]*)",
};
