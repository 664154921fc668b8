import { describe, expect, it } from "vitest";
import { discoverPiContext } from "../../../src/discover/pi/discover-pi-context.js";
import { discoverPiSkills } from "../../../src/discover/pi/discover-pi-skills.js";
import { loadPiTurn, PI_INSTALL_PLACEHOLDER } from "../../../src/discover/pi/load-pi-turn.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";

describe("discoverPiContext", () => {
  it("reads the agent dir's file, then one file per folder from / down to the cwd, AGENTS.md first, raw", () => {
    const host = createMemoryHost({
      files: {
        "/h/.pi/agent/CLAUDE.md": "global\n",
        "/w/CLAUDE.md": "\n  above  \n\n",
        "/w/repo/AGENTS.md": "agents\n",
        "/w/repo/CLAUDE.md": "shadowed\n",
        "/w/repo/src/AGENTS.md": "src",
        "/w/repo/src/deeper/AGENTS.md": "below\n",
        "/w/repo/src/.pi/SYSTEM.md": "custom\n",
        "/h/.pi/agent/APPEND_SYSTEM.md": "appended\n",
      },
    });
    const r = discoverPiContext(host, { cwd: "/w/repo/src", agentDir: "/h/.pi/agent" });
    expect(r.files).toEqual([
      { path: "/h/.pi/agent/CLAUDE.md", content: "global\n", scope: "global" },
      { path: "/w/CLAUDE.md", content: "\n  above  \n\n", scope: "project" },
      { path: "/w/repo/AGENTS.md", content: "agents\n", scope: "project" },
      { path: "/w/repo/src/AGENTS.md", content: "src", scope: "project" },
    ]);
    expect(r.shadowed).toEqual(["/w/repo/CLAUDE.md"]);
    expect(r.systemMd).toEqual({ path: "/w/repo/src/.pi/SYSTEM.md", content: "custom\n" });
    expect(r.appendSystemMd).toEqual({ path: "/h/.pi/agent/APPEND_SYSTEM.md", content: "appended\n" });
  });
});

describe("discoverPiSkills", () => {
  it("lists the cwd's .pi/skills, .agents/skills up to the git root, then the user's, dropping what pi drops", () => {
    const sk = (name: string, extra = "description: d\n") => `---\nname: ${name}\n${extra}---\n`;
    const host = createMemoryHost({
      files: {
        "/w/.agents/skills/above/SKILL.md": sk("above"),
        "/w/repo/.git/HEAD": "ref\n",
        "/w/repo/.pi/skills/root-pi/SKILL.md": sk("root-pi"),
        "/w/repo/.agents/skills/b/SKILL.md": sk("b"),
        "/w/repo/.agents/skills/nodesc/SKILL.md": sk("nodesc", ""),
        "/w/repo/.agents/skills/bad/SKILL.md": "---\nname: [x\n---\n",
        "/w/repo/src/.pi/skills/loose.md": sk("loose"),
        "/w/repo/src/.pi/skills/a/SKILL.md": sk("a"),
        "/w/repo/src/.pi/skills/a/nested/SKILL.md": sk("nested"),
        "/w/repo/src/.pi/skills/.hidden/SKILL.md": sk("hidden"),
        "/w/repo/src/.pi/skills/off/SKILL.md": sk("off", "description: d\ndisable-model-invocation: true\n"),
        "/h/.pi/agent/skills/a/SKILL.md": sk("a"),
        "/h/.agents/skills/u/SKILL.md": sk("u"),
      },
    });
    const r = discoverPiSkills(host, { cwd: "/w/repo/src", agentDir: "/h/.pi/agent", home: "/h", gitRoot: "/w/repo" });
    expect(r.skills.map((s) => `${s.scope}:${s.name}${s.disableModelInvocation ? "(off)" : ""}`)).toEqual([
      "project:a",
      "project:loose",
      "project:off(off)",
      "project:b",
      "user:u",
    ]);
    expect(r.diagnostics.map((d) => d.rule).sort()).toEqual([
      "pi-skill/bad-frontmatter",
      "pi-skill/name-collision",
      "pi-skill/no-description",
    ]);
  });
});

describe("loadPiTurn", () => {
  const models = JSON.stringify({
    providers: { lb: { baseUrl: "http://h/v1", api: "openai-responses", models: [{ id: "first", maxTokens: 10 }] } },
  });
  const load = (settings: object, project?: object) =>
    loadPiTurn(
      createMemoryHost({
        files: {
          "/h/.pi/agent/models.json": models,
          "/h/.pi/agent/settings.json": JSON.stringify(settings),
          ...(project ? { "/w/.pi/settings.json": JSON.stringify(project) } : {}),
        },
      }),
      { cwd: "/w", home: "/h", date: "2026-12-01", message: "hi", sessionId: "s" },
    );

  it("falls back to the provider's first model when the configured one is not listed (measured)", () => {
    const r = load({ defaultProvider: "lb", defaultModel: "first" }, { defaultModel: "missing" });
    expect(r.turn.provider.model).toBe("first");
    expect(r.diagnostics.map((d) => d.rule)).toContain("pi/unknown-model");
  });

  it("warns that the cwd's .pi/extensions run and may change the request", () => {
    const r = loadPiTurn(createMemoryHost({ files: { "/w/.pi/extensions/x.ts": "export default {}\n" } }), {
      cwd: "/w",
      home: "/h",
      date: "2026-12-01",
      message: "hi",
      sessionId: "s",
    });
    expect(r.diagnostics.map((d) => d.rule)).toContain("pi/project-extensions");
  });

  it("takes a model's own api and pi's defaults for the fields models.json leaves out", () => {
    const r = loadPiTurn(
      createMemoryHost({
        files: {
          "/h/.pi/agent/models.json": JSON.stringify({
            providers: {
              lb: {
                baseUrl: "http://h/v1",
                api: "openai-responses",
                compat: { supportsDeveloperRole: false, other: 1 },
                models: [{ id: "m", api: "openai-completions", compat: { supportsReasoningEffort: false } }],
              },
            },
          }),
          "/h/.pi/agent/settings.json": JSON.stringify({ defaultProvider: "lb" }),
        },
      }),
      { cwd: "/w", home: "/h", date: "2026-12-01", message: "hi", sessionId: "s" },
    );
    expect(r.turn.provider).toEqual({
      compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
      name: "lb",
      api: "openai-completions",
      baseUrl: "http://h/v1",
      model: "m",
      maxTokens: 16_384,
      reasoning: false,
    });
  });

  it("names the install folder it shows and where it came from: PI_PACKAGE_DIR, else the install given", () => {
    const opts = { cwd: "/w", home: "/h", date: "2026-12-01", message: "hi", sessionId: "s" };
    const given = loadPiTurn(createMemoryHost(), {
      ...opts,
      installDir: "/opt/pi",
      installSource: { bin: "/opt/bin/pi", from: "calibration" },
    });
    expect(given.turn.installDir).toBe("/opt/pi");
    expect(given.diagnostics.find((d) => d.rule === "pi/install-folder")?.message).toBe(
      "pi's install folder in its prompt: /opt/pi (from /opt/bin/pi, the pi `promptc calibrate` ran)",
    );
    const env = loadPiTurn(createMemoryHost({ env: { PI_PACKAGE_DIR: "~/pi" } }), { ...opts, installDir: "/opt/pi" });
    expect(env.turn.installDir).toBe("/h/pi");
    const none = loadPiTurn(createMemoryHost(), opts);
    expect(none.turn.installDir).toBe(PI_INSTALL_PLACEHOLDER);
    expect(none.diagnostics.map((d) => d.rule)).toContain("pi/install-not-found");
  });

  it("takes defaultThinkingLevel from the settings", () => {
    expect(load({ defaultProvider: "lb", defaultThinkingLevel: "high" }).turn.thinkingLevel).toBe("high");
    expect(load({ defaultProvider: "lb" }).turn.thinkingLevel).toBeUndefined();
  });
});
