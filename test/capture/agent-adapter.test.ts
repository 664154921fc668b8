import { describe, expect, it } from "vitest";
import { agentVersionFrom, buildInvocation, DUMMY_API_KEY } from "../../src/capture/agent-adapter.js";
import { claudeCodeAdapter } from "../../src/capture/adapters/claude-code.js";
import { codexAdapter } from "../../src/capture/adapters/codex.js";
import { copilotAdapter } from "../../src/capture/adapters/copilot.js";
import { detectAdapter, getAdapter } from "../../src/capture/adapters/index.js";

describe("buildInvocation", () => {
  it("points codex at the server with -c overrides and a dummy key when not isolated", () => {
    expect(buildInvocation(codexAdapter, ["codex", "exec", "hi"], { origin: "http://127.0.0.1:4000" })).toEqual({
      command: "codex",
      args: [
        "-c",
        'model_provider="promptc_capture"',
        "-c",
        'model_providers.promptc_capture={name="promptc capture",base_url="http://127.0.0.1:4000/v1",wire_api="responses",env_key="PROMPTC_CAPTURE_API_KEY"}',
        "exec",
        "hi",
      ],
      env: { PROMPTC_CAPTURE_API_KEY: DUMMY_API_KEY, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" },
      defaults: {},
      unset: [],
      mkdirs: [],
      files: {},
    });
  });

  it("adds a scratch HOME and CODEX_HOME when isolated", () => {
    const inv = buildInvocation(codexAdapter, ["codex"], { origin: "http://127.0.0.1:1", scratch: "/s" });
    expect(inv.env).toEqual({
      PROMPTC_CAPTURE_API_KEY: DUMMY_API_KEY,
      NO_PROXY: "127.0.0.1,localhost",
      no_proxy: "127.0.0.1,localhost",
      HOME: "/s/home",
      CODEX_HOME: "/s/codex-home",
    });
    expect(inv.mkdirs).toEqual(["/s/home", "/s/codex-home"]);
  });

  it("sets ANTHROPIC_BASE_URL to the server origin for claude-code", () => {
    expect(buildInvocation(claudeCodeAdapter, ["claude", "-p", "x"], { origin: "http://127.0.0.1:9" })).toEqual({
      command: "claude",
      args: ["-p", "x"],
      env: {
        ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
        ANTHROPIC_API_KEY: DUMMY_API_KEY,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        NO_PROXY: "127.0.0.1,localhost",
        no_proxy: "127.0.0.1,localhost",
      },
      defaults: {},
      unset: ["CLAUDE_CODE_USE_BEDROCK", "CLAUDE_CODE_USE_VERTEX", "CLAUDE_CODE_USE_FOUNDRY", "ANTHROPIC_AUTH_TOKEN"],
      mkdirs: [],
      files: {},
    });
  });

  it("gives copilot a model only where the user has none, and unsets tokens that would beat the dummy key", () => {
    const inv = buildInvocation(copilotAdapter, ["copilot", "-p", "x"], { origin: "http://127.0.0.1:9" });
    expect(inv.defaults).toEqual({ COPILOT_MODEL: "gpt-5.5" });
    expect(inv.env.COPILOT_PROVIDER_BASE_URL).toBe("http://127.0.0.1:9/v1");
    expect(inv.env.COPILOT_OFFLINE).toBe("true");
    expect(inv.unset).toContain("COPILOT_PROVIDER_BEARER_TOKEN");
  });

  it("throws on an empty command (programmer error)", () => {
    expect(() => buildInvocation(codexAdapter, [], { origin: "x" })).toThrow(/empty agent command/);
  });
});

describe("detectAdapter", () => {
  it.each([
    ["/usr/local/bin/codex", "codex"],
    ["codex", "codex"],
    ["claude", "claude-code"],
    ["node", undefined],
  ])("maps %s to %s", (cmd, id) => {
    expect(detectAdapter(cmd)?.id).toBe(id);
  });

  it("finds adapters by id", () => {
    expect(getAdapter("claude-code")).toBe(claudeCodeAdapter);
    expect(getAdapter("nope")).toBeUndefined();
  });
});

describe("agentVersionFrom", () => {
  it("reads the version from a user-agent header", () => {
    expect(agentVersionFrom(codexAdapter, "codex_exec/0.171.0 (Debian 12; x86_64)")).toBe("0.171.0");
    expect(agentVersionFrom(claudeCodeAdapter, "claude-cli/2.1.3 (external, cli)")).toBe("2.1.3");
    expect(agentVersionFrom(codexAdapter, "curl/8")).toBeUndefined();
    expect(agentVersionFrom(codexAdapter, undefined)).toBeUndefined();
  });
});
