import { describe, expect, it } from "vitest";
import {
  CONFIG_THEN_NEVER,
  describeApproval,
  resolveApproval,
  type ApprovalInputs,
} from "../../src/model/approval-rules.js";
import { CODEX_EXEC_APPROVAL, CODEX_TUI_APPROVAL } from "../../src/profiles/discovery-rules.js";

describe("resolveApproval", () => {
  // Measured on Codex 0.171.0: `codex exec` captures for exec, `codex debug prompt-input` for the TUI.
  it.each<[string, ApprovalInputs, string, string, string]>([
    ["nothing set", {}, "never", "on-request", "never"],
    ["config on-request", { config: "on-request" }, "never", "on-request", "on-request"],
    ["config on-failure", { config: "on-failure" }, "never", "on-failure", "on-failure"],
    ["a trusted folder", { trust: "trusted" }, "never", "on-request", "never"],
    ["an untrusted folder", { trust: "untrusted" }, "never", "untrusted", "never"],
    ["an untrusted folder, config never", { trust: "untrusted", config: "never" }, "never", "never", "never"],
    [
      "a flag over everything",
      { flag: "on-failure", config: "never", trust: "untrusted" },
      "on-failure",
      "on-failure",
      "on-failure",
    ],
  ])("%s: exec, TUI, promptc", (_, inputs, exec, tui, promptc) => {
    expect([
      resolveApproval(CODEX_EXEC_APPROVAL, inputs).policy,
      resolveApproval(CODEX_TUI_APPROVAL, inputs).policy,
      resolveApproval(CONFIG_THEN_NEVER, inputs).policy,
    ]).toEqual([exec, tui, promptc]);
  });
});

describe("describeApproval", () => {
  const tui = { rules: CODEX_TUI_APPROVAL, how: "--tui previews it" };
  const exec = { rules: CODEX_EXEC_APPROVAL, how: "preview without --tui" };
  it.each<[string, Parameters<typeof describeApproval>, string]>([
    [
      "exec with a config policy it ignores",
      [CODEX_EXEC_APPROVAL, tui, { config: "on-request" }],
      'approval never, as `codex exec` sends it (config.toml\'s approval_policy = "on-request" is not applied); the interactive TUI sends on-request (--tui previews it)',
    ],
    [
      "exec with nothing set",
      [CODEX_EXEC_APPROVAL, tui, {}],
      "approval never, as `codex exec` sends it (its default); the interactive TUI sends on-request (--tui previews it)",
    ],
    [
      "the TUI in an untrusted folder",
      [CODEX_TUI_APPROVAL, exec, { trust: "untrusted" }],
      "approval untrusted, as the interactive TUI sends it (the project is marked untrusted); `codex exec` sends never (preview without --tui)",
    ],
    [
      "the TUI from config",
      [CODEX_TUI_APPROVAL, exec, { config: "on-failure" }],
      "approval on-failure, as the interactive TUI sends it (from config.toml); `codex exec` sends never (preview without --tui)",
    ],
    [
      "a flag",
      [CODEX_EXEC_APPROVAL, tui, { flag: "on-request", config: "on-failure" }],
      "approval on-request from --approval; without it `codex exec` sends never and the interactive TUI on-failure (--tui previews it)",
    ],
  ])("%s", (_, args, line) => {
    expect(describeApproval(...args)).toBe(line);
  });
});
