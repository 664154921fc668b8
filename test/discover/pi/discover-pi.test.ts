import { describe, expect, it } from "vitest";
import { discoverPiContext } from "../../../src/discover/pi/discover-pi-context.js";
import { discoverPiSkills } from "../../../src/discover/pi/discover-pi-skills.js";
import { loadPiTurn } from "../../../src/discover/pi/load-pi-turn.js";
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

  it("takes defaultThinkingLevel from the settings", () => {
    expect(load({ defaultProvider: "lb", defaultThinkingLevel: "high" }).turn.thinkingLevel).toBe("high");
    expect(load({ defaultProvider: "lb" }).turn.thinkingLevel).toBeUndefined();
  });
});
