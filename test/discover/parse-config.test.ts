import { describe, expect, it } from "vitest";
import { defaultCodexConfig, parseConfig } from "../../src/discover/parse-config.js";

const opts = { path: "/home/.codex/config.toml", home: "/home" };

describe("parseConfig", () => {
  it("reads every key promptc uses and ignores unknown ones", () => {
    const text = `
model = "gpt-x"
developer_instructions = "be brief"
model_instructions_file = "prompts/base.md"
project_doc_max_bytes = 1000
project_doc_fallback_filenames = ["CLAUDE.md"]
project_root_markers = [".hg", ".git"]
sandbox_mode = "workspace-write"
approval_policy = "on-request"
model_context_window = 200000
model_auto_compact_token_limit = 150000
compact_prompt = "summarize"
whatever = { nested = true }

[sandbox_workspace_write]
writable_roots = ["/data", "~/cache"]
network_access = true

[[skills.config]]
path = "/s/a/SKILL.md"
enabled = false

[[skills.config]]
path = "/s/b/SKILL.md"
enabled = true
`;
    expect(parseConfig(text, opts)).toEqual({
      value: {
        ...defaultCodexConfig(),
        path: "/home/.codex/config.toml",
        model: "gpt-x",
        modelSource: "top-level",
        developerInstructions: "be brief",
        modelInstructionsFile: "/home/.codex/prompts/base.md",
        projectDocMaxBytes: 1000,
        projectDocFallbackFilenames: ["CLAUDE.md"],
        projectRootMarkers: [".hg", ".git"],
        sandboxMode: "workspace-write",
        approvalPolicy: "on-request",
        modelContextWindow: 200000,
        modelAutoCompactTokenLimit: 150000,
        compactPrompt: "summarize",
        writableRoots: ["/data", "/home/cache"],
        networkAccess: true,
        disabledSkillPaths: ["/s/a/SKILL.md"],
      },
      diagnostics: [],
    });
  });

  it("layers the --profile file over config.toml (tables key by key) and ignores unselected [profiles.*] tables", () => {
    const text = `model = "top"\napproval_policy = "never"\n[sandbox_workspace_write]\nwritable_roots = ["/data"]\n[profiles.slow]\nmodel = "big"\n`;
    const profileDoc = { model: "quick", sandbox_workspace_write: { network_access: true } };
    const r = parseConfig(text, { ...opts, profile: "fast", profileDoc }).value;
    expect([
      r?.model,
      r?.modelSource,
      r?.approvalPolicy,
      r?.writableRoots,
      r?.networkAccess,
      r?.profile,
      parseConfig(text, opts).value?.model,
    ]).toEqual(["quick", "profile", "never", ["/data"], true, "fast", "top"]);
  });

  // Codex 0.171.0 (codex exec) refuses both legacy forms.
  it.each([
    ["a top-level profile key", `profile = "fast"\n[profiles.fast]\nmodel = "quick"\n`, undefined],
    ["--profile X with a [profiles.X] table", `[profiles.fast]\nmodel = "quick"\n`, "fast"],
  ])("fails on the legacy profile form: %s", (_name, text, profile) => {
    const r = parseConfig(text, { ...opts, ...(profile ? { profile } : {}) });
    expect([r.value, r.diagnostics.map((d) => d.rule)]).toEqual([undefined, ["config/legacy-profile"]]);
  });

  it("names the line of malformed TOML", () => {
    const r = parseConfig(`model = "a"\nsandbox_mode = \n`, opts);
    expect([r.value, r.diagnostics.map((d) => [d.rule, d.severity, d.place])]).toEqual([
      undefined,
      [["config/invalid-toml", "error", { line: 2, column: 16 }]],
    ]);
    expect(r.diagnostics[0]?.message).toMatch(
      /^\/home\/\.codex\/config\.toml:2:16: Invalid TOML document: invalid value$/,
    );
  });

  it.each<[string, string, [string, string][]]>([
    [
      "markers not an array → warning and default",
      `project_root_markers = ".git"`,
      [["config/invalid-project-root-markers", "warning"]],
    ],
    ["bad sandbox mode → error", `sandbox_mode = "yolo"`, [["config/invalid-value", "error"]]],
    // Codex 0.171.0: 'approval_policy = "untrusted" is no longer supported; remove this setting' (exec and TUI).
    ["approval untrusted → error", `approval_policy = "untrusted"`, [["config/invalid-value", "error"]]],
    ["negative budget → error", `project_doc_max_bytes = -1`, [["config/invalid-value", "error"]]],
    ["model not a string → error", `model = 5`, [["config/invalid-value", "error"]]],
    [
      "unknown inherit mode → error",
      `[shell_environment_policy]\ninherit = "some"`,
      [["config/invalid-value", "error"]],
    ],
    [
      "exclude not a list → error",
      `[shell_environment_policy]\nexclude = "AWS_*"`,
      [["config/invalid-value", "error"]],
    ],
    ["set with a number → error", `[shell_environment_policy]\nset = { CI = 1 }`, [["config/invalid-value", "error"]]],
    ["policy not a table → error", `shell_environment_policy = "none"`, [["config/invalid-value", "error"]]],
  ])("%s", (_name, text, expected) => {
    expect(parseConfig(text, opts).diagnostics.map((d) => [d.rule, d.severity])).toEqual(expected);
  });

  it("reads [shell_environment_policy], filling what it leaves out with the defaults", () => {
    const text = `[shell_environment_policy]\ninherit = "core"\nignore_default_excludes = true\nexclude = ["AWS_*"]\ninclude_only = ["PATH"]\nset = { CI = "1" }\n`;
    expect([
      parseConfig(text, opts).value?.shellEnvironmentPolicy,
      parseConfig(`[shell_environment_policy]\nset = { A = "b" }`, opts).value?.shellEnvironmentPolicy,
      parseConfig(``, opts).value?.shellEnvironmentPolicy,
    ]).toEqual([
      { inherit: "core", ignoreDefaultExcludes: true, exclude: ["AWS_*"], includeOnly: ["PATH"], set: { CI: "1" } },
      { inherit: "all", ignoreDefaultExcludes: false, exclude: [], includeOnly: [], set: { A: "b" } },
      undefined,
    ]);
  });

  it("keeps [] markers (cwd only) and default markers when absent", () => {
    expect([
      parseConfig(`project_root_markers = []`, opts).value?.projectRootMarkers,
      parseConfig(``, opts).value?.projectRootMarkers,
    ]).toEqual([[], [".git"]]);
  });
});
