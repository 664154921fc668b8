import { describe, expect, it } from "vitest";
import { compile } from "../../src/compile/compile.js";
import { serializeRequest } from "../../src/compile/canonical-json.js";
import { codexProfile } from "../../src/profiles/codex.js";
import type { MessageItem } from "../../src/model/items.js";
import type { SandboxMode } from "../../src/model/turn-context.js";
import { makeSkill, makeTurnContext } from "./make-turn-context.js";
import { layoutText } from "./layout-text.js";
import { SCENARIOS } from "./scenarios.js";

const texts = (item: unknown) =>
  (item as MessageItem).content.map((p) => (p.type === "input_image" ? "<img>" : p.text.split("\n")[0]));

describe("compile", () => {
  it("lays out the codex profile as 0.171.0 does: base, developer bundle, context, user, skill", () => {
    const r = compile(SCENARIOS["skills-and-mention"]!, { profile: "codex" });
    expect(Object.keys(JSON.parse(r.bytes))).toEqual([
      "model",
      "stream",
      "input",
      "tools",
      "tool_choice",
      "parallel_tool_calls",
      "reasoning",
      "store",
      "include",
      "prompt_cache_key",
      "client_metadata",
    ]);
    expect(r.request.input.map((i) => [(i as MessageItem).role, texts(i)])).toEqual([
      ["developer", [expect.stringContaining("[promptc stand-in")]],
      ["developer", ["Dev instr here.", "<skills_instructions>", "<permissions instructions>"]],
      ["user", ["<environment_context>"]],
      ["user", ["hi $beta-skill"]],
      ["user", ["<skill>"]],
    ]);
    expect(r.request.input.every((i) => (i as MessageItem).id?.startsWith("msg_"))).toBe(true);
    expect(r.request.tools.map((t) => ("name" in t ? t.name : t.type))).toEqual([
      "exec_command",
      "write_stdin",
      "request_user_input",
      "view_image",
      "multi_agent_v1",
      "get_goal",
      "create_goal",
      "update_goal",
      "web_search",
    ]);
    expect(r.request.prompt_cache_key).toBe("00000000-0000-7000-8000-000000000000");
    expect(r.diagnostics).toEqual([]);
  });

  it("puts promptc's base instructions in `instructions` and sorts its tools by name", () => {
    const r = compile(SCENARIOS["danger-full-access-image"]!);
    expect(Object.keys(JSON.parse(r.bytes))[1]).toBe("instructions");
    expect(r.request.tools.map((t) => ("name" in t ? t.name : t.type))).toEqual([
      "edit_file",
      "read_file",
      "shell",
      "update_plan",
    ]);
  });

  it("declares promptc's loop tools per sandbox: no write tool when read-only", () => {
    const names = (sandbox: SandboxMode) =>
      compile({
        ...SCENARIOS["minimal"]!,
        permissions: { ...SCENARIOS["minimal"]!.permissions, sandbox },
      }).request.tools.map((t) => ("name" in t ? t.name : t.type));
    expect({ ro: names("read-only"), ww: names("workspace-write"), full: names("danger-full-access") }).toEqual({
      ro: ["read_file", "shell", "update_plan"],
      ww: ["edit_file", "read_file", "shell", "update_plan"],
      full: ["edit_file", "read_file", "shell", "update_plan"],
    });
  });

  it("returns bytes equal to serializeRequest of the request", () => {
    const r = compile(SCENARIOS["nested-agents-md"]!, { profile: "codex" });
    expect(serializeRequest(r.request, codexProfile)).toBe(r.bytes);
  });

  it("hashes the request, its stable part, each item, fragment and tool (values pinned: they are the manifest's)", () => {
    const m = JSON.parse(JSON.stringify(compile(SCENARIOS["skills-and-mention"]!, { profile: "codex" }).manifest));
    expect({
      fingerprint: m.fingerprint,
      fragments: m.fragments.map((f: { hash: string }) => f.hash),
      tools: m.tools.map((t: { hash: string }) => t.hash),
    }).toEqual({
      fingerprint: {
        request: "a9fce596530dac11",
        stablePrefix: "821184e91fa18187",
        items: ["caac7106a2478703", "070cecdeed7569c8", "864fed9be984bc98", "01db3437656d2ade", "bb0c2dde3e253c03"],
      },
      fragments: [
        "cbb459e8b7b53cc2",
        "a85d20883ea6517c",
        "61976542658849bb",
        "b134fe6a7f38519f",
        "b726e721966f0ed5",
        "6595204cad658590",
        "921d0effc0f6ca10",
      ],
      tools: [
        "0a1a3280247df9df",
        "ddff979c2efdfc51",
        "00e87b4368ecfaff",
        "8c4922fce4afd8b5",
        "e71d2f1b489aab71",
        "df24f784c96c0a08",
        "1e148e14f193aa7d",
        "d51794f7c7c5cfe9",
        "04782ac0e59932e1",
      ],
    });
  });

  it("records each fragment's place, sizes and provenance in the manifest", () => {
    const r = compile(SCENARIOS["nested-agents-md"]!, { profile: "codex" });
    const agents = r.manifest.fragments.find((f) => f.id === "agents-md");
    expect(agents).toMatchObject({ layer: "agents-md", itemIndex: 2, contentIndex: 0, prose: "data", templates: [] });
    expect(agents?.sources.map((s) => s.path)).toEqual([
      "/home/u/.codex/AGENTS.md",
      "/repo/AGENTS.md",
      "/repo/pkg/AGENTS.md",
      "/repo/pkg/sub/AGENTS.override.md",
    ]);
    const base = r.manifest.fragments.find((f) => f.id === "base-instructions");
    expect(base).toMatchObject({ itemIndex: 0, prose: "stand-in", templates: ["base-instructions"] });
    expect(base?.approxTokens).toBe(Math.ceil((base?.bytes ?? 0) / 4));
    expect(r.manifest.totals.requestBytes).toBe(new TextEncoder().encode(r.bytes).length);
    expect(r.manifest.tools).toHaveLength(9);
  });

  it("reports a user message over Codex's limit as an error", () => {
    const r = compile(makeTurnContext({ userInput: { text: "x".repeat(1048577) } }), { exactTokens: false });
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["user-message/too-long"]);
  });

  it("shortens skill descriptions to 2% of the context window and says so (codex 0.171.0's budget)", () => {
    const skills = Array.from({ length: 3 }, (_, i) => makeSkill(`s${i}`, { description: "d".repeat(400) }));
    const ctx = makeTurnContext({
      contextWindow: 10_000,
      skills: { roots: [{ path: "/repo/.agents/skills", scope: "repo" }], skills },
    });
    const r = compile(ctx, { profile: "codex" });
    const listed = (r.request.input[1] as MessageItem).content.flatMap((p) =>
      p.type === "input_text" ? p.text.split("\n").filter((l) => l.startsWith("- s")) : [],
    );
    // 200 tokens; a bare line "- s0: (file: r0/s0/SKILL.md)\n" is 29 bytes = 8 tokens, so 176 tokens are left:
    // 59, 59, 58 each in list order; k extra tokens hold 2 + 4k characters (30 + n bytes with the space).
    expect(listed.map((l) => l.length - "- s0:  (file: r0/s0/SKILL.md)".length)).toEqual([238, 238, 234]);
    expect(r.diagnostics.map((d) => [d.rule, d.message])).toEqual([
      [
        "skills/descriptions-shortened",
        "3 of 3 skill descriptions shortened by 490 characters in all to fit the 200-token skills budget (2% of the 10,000-token context window)",
      ],
    ]);
    expect(r.manifest.fragments.find((f) => f.id === "skills")?.sources.map((x) => x.bytesKept)).toEqual([
      240, 240, 236,
    ]);
  });

  it("uses user-supplied base instructions verbatim and labels them", () => {
    const r = compile(makeTurnContext({ baseInstructions: { text: "MY BASE", source: "/x/base.md" } }), {
      profile: "codex",
    });
    expect(r.manifest.fragments[0]).toMatchObject({ id: "base-instructions", prose: "user-supplied", bytes: 7 });
  });
});

describe("compile extension points", () => {
  it("adds fragments next to others and as their own messages", () => {
    const r = compile(makeTurnContext(), {
      profile: "codex",
      fragments: [
        { id: "team-rules", text: "TEAM", placement: { after: "permissions" } },
        { id: "hook-context", text: "HOOK", placement: { message: "user", at: "after-user-message" } },
        { id: "nowhere", text: "X", placement: { before: "no-such-fragment" } },
      ],
    });
    expect(r.request.input.map(texts)).toEqual([
      [expect.any(String)],
      ["<permissions instructions>", "TEAM"],
      ["<environment_context>"],
      ["hello"],
      ["HOOK"],
      ["X"],
    ]);
    expect(r.diagnostics.map((d) => d.rule)).toEqual(["compile/placement-target-missing"]);
    expect(r.manifest.fragments.find((f) => f.id === "team-rules")).toMatchObject({
      layer: "extension",
      itemIndex: 1,
      contentIndex: 1,
    });
  });

  it("transforms the tool list", () => {
    const r = compile(makeTurnContext(), {
      profile: "codex",
      transformTools: (tools) => tools.filter((t) => t.type !== "namespace"),
    });
    expect(r.request.tools.map((t) => ("name" in t ? t.name : t.type))).not.toContain("multi_agent_v1");
  });

  it("transforms the skill list before listing and mention matching", () => {
    const ctx = makeTurnContext({
      skills: { roots: [{ path: "/repo/.agents/skills", scope: "repo" }], skills: [makeSkill("a"), makeSkill("b")] },
      userInput: { text: "$b" },
    });
    const r = compile(ctx, { transformSkills: (s) => s.filter((x) => x.name !== "b") });
    expect(r.bytes).not.toContain("(file: r0/b/SKILL.md)");
    expect(r.bytes).not.toContain("<skill>");
    expect(r.bytes).toContain("(file: r0/a/SKILL.md)");
  });

  it("renders template partials and variables", () => {
    const ctx = makeTurnContext();
    const r = compile(ctx, {
      prose: {
        profile: "custom",
        toolsOrigin: "user-supplied",
        tools: {},
        entries: {
          "base-instructions": {
            id: "base-instructions",
            kind: "template",
            source: "Team {{team}} on {{model}}. {{> footer}}",
            origin: "user-supplied",
          },
        },
      },
      partials: { footer: "Ship it, {{team}}." },
      variables: { team: "Nimbus" },
    });
    expect(r.request.instructions).toBe("Team Nimbus on gpt-5.2-codex. Ship it, Nimbus.");
  });

  it("reports a missing template variable instead of throwing", () => {
    const r = compile(makeTurnContext(), {
      prose: {
        profile: "custom",
        toolsOrigin: "user-supplied",
        tools: {},
        entries: {
          "base-instructions": {
            id: "base-instructions",
            kind: "template",
            source: "{{nope}}",
            origin: "user-supplied",
            path: "/p/base-instructions.hbs",
          },
        },
      },
    });
    expect(r.diagnostics[0]).toMatchObject({
      rule: "template/render-failed",
      severity: "error",
      file: "/p/base-instructions.hbs",
    });
  });
});

describe("compile snapshots", () => {
  for (const [name, ctx] of Object.entries(SCENARIOS)) {
    for (const profile of ["codex", "promptc"] as const) {
      it(`matches the ${profile} snapshot for ${name}`, async () => {
        const r = compile(ctx, { profile });
        await expect(JSON.stringify(JSON.parse(r.bytes), null, 2) + "\n").toMatchFileSnapshot(
          `../../snapshots/compile/${name}.${profile}.request.json`,
        );
        await expect(layoutText(r)).toMatchFileSnapshot(`../../snapshots/compile/${name}.${profile}.layout.txt`);
      });
    }
  }
});
