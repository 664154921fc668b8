import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { loadTurnContext, MAX_USER_INPUT_TEXT_CHARS } from "../../src/discover/load-turn-context.js";

const FIXTURES = resolve(import.meta.dirname, "..", "..", "fixtures", "workspaces");
const emptyHome = mkdtempSync(join(tmpdir(), "promptc-home-"));
afterAll(() => rmSync(emptyHome, { recursive: true, force: true }));

function nodeHost() {
  return createNodeHost({
    env: { SHELL: "/bin/bash" },
    home: emptyHome,
    nowMs: Date.UTC(2026, 10, 29, 12),
    timezone: "Etc/UTC",
  });
}

describe("loadTurnContext", () => {
  it("fills every field from the basic fixture workspace (NodeHost)", () => {
    const root = join(FIXTURES, "basic");
    const r = loadTurnContext(nodeHost(), {
      cwd: join(root, "packages", "api"),
      codexHome: join(root, ".codex-home"),
      adminSkillsRoot: null,
      timezone: "Etc/UTC",
      message: "use $api-testing",
      approval: "on-request",
    });
    const ctx = r.value;
    expect(r.diagnostics).toEqual([]);
    expect(
      ctx && {
        ...ctx,
        environment: { ...ctx.environment, currentDate: "fixed" },
        permissions: { ...ctx.permissions, tmpExists: true },
        skills: ctx.skills.skills.map((s) => [s.name, s.scope, s.rootIndex]),
        userInstructions: {
          ...ctx.userInstructions,
          global: ctx.userInstructions.global?.path,
          projectDocs: ctx.userInstructions.projectDocs.map((d) => d.path),
        },
      },
    ).toEqual({
      model: "gpt-5.2-codex",
      sessionId: "00000000-0000-7000-8000-000000000000",
      environment: { cwd: join(root, "packages", "api"), shell: "bash", currentDate: "fixed", timezone: "Etc/UTC" },
      permissions: {
        sandbox: "read-only",
        approval: "on-request",
        networkAccess: false,
        configuredWritableRoots: [],
        tmpExists: true,
        approvedPrefixes: [
          ["pnpm", "test"],
          ["git", "status"],
        ],
      },
      developerInstructions: "Prefer small, reviewable diffs.",
      userInstructions: {
        global: join(root, ".codex-home", "AGENTS.md"),
        projectDocs: [join(root, "AGENTS.md"), join(root, "packages", "api", "AGENTS.md")],
        budgetBytes: 32768,
      },
      skills: [
        ["api-testing", "repo", 1],
        ["release-notes", "repo", 0],
      ],
      userInput: { text: "use $api-testing", images: [] },
    });
    expect(ctx?.skills.roots.map((x) => x.path)).toEqual([
      join(root, ".codex", "skills"),
      join(root, ".agents", "skills"),
    ]);
  });

  it("cuts the budget fixture's cwd doc to 2,766 bytes (NodeHost)", () => {
    const root = join(FIXTURES, "budget");
    const r = loadTurnContext(nodeHost(), {
      cwd: join(root, "a", "b"),
      codexHome: join(root, ".codex-home"),
      adminSkillsRoot: null,
      timezone: "Etc/UTC",
    });
    expect([
      r.value?.userInstructions.projectDocs.map((d) => d.keptBytes),
      r.diagnostics.map((d) => d.message),
    ]).toEqual([
      [20001, 10001, 2766],
      [
        `kept 2,766 of 10,001 bytes — the 32 KiB project-doc budget was spent by ${join(root, "AGENTS.md")} and ${join(root, "a", "AGENTS.md")}`,
      ],
    ]);
  });

  const base = { "/h/.codex": { dir: true } as const, "/repo": { dir: true } as const };
  const mem = (files: Record<string, string | { dir: true }> = {}) =>
    createMemoryHost({ cwd: "/repo", home: "/h", files: { ...base, ...files } });

  it.each<[string, ReturnType<typeof mem>, Parameters<typeof loadTurnContext>[1], string[]]>([
    ["a missing cwd", mem(), { cwd: "/nope" }, ["discover/missing-cwd"]],
    ["a cwd that is a file", mem({ "/repo/f": "x" }), { cwd: "/repo/f" }, ["discover/missing-cwd"]],
    [
      "malformed config.toml",
      mem({ "/h/.codex/config.toml": 'model = "a"\n[profiles\n' }),
      {},
      ["config/invalid-toml"],
    ],
    ["a missing --config file", mem(), { configFile: "/x.toml" }, ["config/unreadable"]],
    [
      "a config.toml that is a FIFO (never read: the read would block)",
      createMemoryHost({ cwd: "/repo", home: "/h", files: { ...base, "/h/.codex/config.toml": { fifo: true } } }),
      {},
      ["config/unreadable"],
    ],
    [
      "an empty model_instructions_file",
      mem({ "/h/.codex/config.toml": 'model_instructions_file = "base.md"', "/h/.codex/base.md": " \n" }),
      {},
      ["config/model-instructions-empty"],
    ],
    ["an invalid timezone", mem(), { timezone: "Nowhere/Land" }, ["environment/invalid-timezone"]],
    ["an unreadable image", mem(), { images: ["shot.png"] }, ["input/image-unreadable"]],
    ["neither $HOME nor $CODEX_HOME", createMemoryHost({ cwd: "/repo", files: base }), {}, ["config/no-codex-home"]],
    [
      "a legacy profile key in config.toml",
      mem({ "/h/.codex/config.toml": 'profile = "fast"\n' }),
      {},
      ["config/legacy-profile"],
    ],
    [
      "a --profile file that is not TOML",
      mem({ "/h/.codex/config.toml": 'model = "top"\n', "/h/.codex/fast.config.toml": "model = \n" }),
      { configProfile: "fast" },
      ["config/invalid-toml"],
    ],
  ])("fails with a clear error on %s", (_name, host, options, rules) => {
    const r = loadTurnContext(host, options);
    expect([r.value, r.diagnostics.filter((d) => d.severity === "error").map((d) => d.rule)]).toEqual([
      undefined,
      rules,
    ]);
  });

  it("names the line of malformed config.toml", () => {
    const r = loadTurnContext(mem({ "/h/.codex/config.toml": 'model = "a"\n\nsandbox_mode = = 1\n' }), {});
    expect(r.diagnostics[0]?.place?.line).toBe(3);
  });

  it("rejects a message over Codex's 1,048,576-character limit, counting characters", () => {
    const r = loadTurnContext(mem(), { message: "😀".repeat(MAX_USER_INPUT_TEXT_CHARS + 1) });
    expect([r.value, r.diagnostics]).toEqual([
      undefined,
      [
        {
          rule: "input/too-long",
          severity: "error",
          message:
            "the message has 1,048,577 characters; Codex rejects messages over 1,048,576 characters (MAX_USER_INPUT_TEXT_CHARS)",
          data: { chars: 1048577, maxChars: 1048576 },
        },
      ],
    ]);
    expect(
      loadTurnContext(mem(), { message: "😀".repeat(MAX_USER_INPUT_TEXT_CHARS) }).value?.userInput.text.length,
    ).toBe(2 * MAX_USER_INPUT_TEXT_CHARS);
  });

  it("applies config, profile and option precedence", () => {
    const host = mem({
      "/h/.codex/config.toml": `model = "top"\nsandbox_mode = "workspace-write"\nmodel_context_window = 1000\n[sandbox_workspace_write]\nwritable_roots = ["/data"]\nnetwork_access = true\n`,
      "/h/.codex/p.config.toml": `model = "from-profile"\n`,
      "/h/.codex/base.md": "my base\n",
    });
    const r = loadTurnContext(host, {
      configProfile: "p",
      sessionId: "s-1",
      date: "2030-01-01",
      shell: "zsh",
      baseInstructionsFile: "/h/.codex/base.md",
    });
    expect(
      r.value && [
        r.value.model,
        r.value.sessionId,
        r.value.permissions,
        r.value.contextWindow,
        r.value.baseInstructions,
        r.value.environment,
      ],
    ).toEqual([
      "from-profile",
      "s-1",
      {
        sandbox: "workspace-write",
        approval: "never",
        networkAccess: true,
        configuredWritableRoots: ["/data"],
        tmpExists: false,
        approvedPrefixes: [],
      },
      1000,
      { text: "my base\n", source: "/h/.codex/base.md" },
      { cwd: "/repo", shell: "zsh", currentDate: "2030-01-01", timezone: "Etc/UTC" },
    ]);
    expect(loadTurnContext(host, { model: "cli", sandbox: "read-only" }).value?.model).toBe("cli");
    // --config-profile NAME layers $CODEX_HOME/NAME.config.toml (Codex 0.171.0); a missing one is a warning.
    const other = mem({
      "/h/.codex/config.toml": `model = "top"\n`,
      "/h/.codex/p.config.toml": `model = "from-p"\n`,
      "/h/.codex/q.config.toml": `model = "from-q"\n`,
    });
    const missing = loadTurnContext(other, { configProfile: "none" });
    expect([
      loadTurnContext(other).value?.model,
      loadTurnContext(other, { configProfile: "q" }).value?.model,
      missing.value?.model,
      missing.diagnostics.map((d) => [d.rule, d.severity]),
    ]).toEqual(["top", "from-q", "top", [["config/unknown-profile", "warning"]]]);
  });

  it("uses $CODEX_HOME from the environment, else ~/.codex", () => {
    const host = createMemoryHost({
      cwd: "/repo",
      home: "/h",
      env: { CODEX_HOME: "/ch" },
      files: { "/repo": { dir: true }, "/ch/AGENTS.md": "from env home" },
    });
    expect(loadTurnContext(host).value?.userInstructions.global?.text).toBe("from env home");
  });
});
