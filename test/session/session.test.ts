import { describe, expect, it } from "vitest";
import "../../src/vitest.js";
import type { MessageItem, ResponseItem } from "../../src/model/items.js";
import { compile, defaultProse } from "../../src/compile/compile.js";
import { messageId } from "../../src/compile/assemble.js";
import { serializeRequest } from "../../src/compile/canonical-json.js";
import { getEnvelopeProfile } from "../../src/profiles/index.js";
import { mergeProse } from "../../src/fragments/prose-set.js";
import { collectUserMessages } from "../../src/compact/collect-user-messages.js";
import { commonPrefix } from "../../src/cache/index.js";
import { clearReference, createSession, nextRequest, recordItems, type Session } from "../../src/session/session.js";
import { makeTurnContext, type TurnContextOverrides } from "../compile/make-turn-context.js";

// The codex profile's stand-in sentences (templates/codex/*.hbs); the tests check where they go, not their words.
const codexProse = defaultProse("codex").entries;
const AGENTS_MD_REPLACED = codexProse["agents-md-replaced"]!.source.trim();
const AGENTS_MD_REMOVED = codexProse["agents-md-removed"]!.source.trim();

const assistant: ResponseItem = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: "Done." }],
};

/** Two turns: turn 1 with `first`, the reply "Done.", turn 2 with `second` overrides. */
function twoTurns(profile: "codex" | "promptc", first: TurnContextOverrides, second: TurnContextOverrides) {
  const s0 = createSession({ profile });
  const r1 = nextRequest(s0, makeTurnContext({ ...first, userInput: { text: "hello 1" } }));
  const s1 = recordItems(r1.session, [assistant]).session;
  const r2 = nextRequest(
    s1,
    makeTurnContext({
      ...first,
      ...second,
      environment: { ...first.environment, ...second.environment },
      permissions: { ...first.permissions, ...second.permissions },
      userInput: { text: "hello 2" },
    }),
  );
  return { r1, r2, added: r2.request.input.slice(r1.request.input.length + 1) as MessageItem[] };
}

const texts = (items: MessageItem[]) =>
  items.map((i) => ({ role: i.role, texts: i.content.map((c) => ("text" in c ? c.text : c.type)) }));
const envLines = (text: string) => text.split("\n").map((l) => l.trim().replace(/^<([a-z_]+)[ >].*$/, "$1"));
const shape = (items: MessageItem[]) =>
  items.map((i) => {
    const t = i.content[0] && "text" in i.content[0] ? i.content[0].text : "";
    if (t.startsWith("<environment_context>")) return `${i.role}:env[${envLines(t).slice(1, -1).join(",")}]`;
    return `${i.role}:${i.content.map((c) => ("text" in c ? (/^<([a-z_ ]+)>/.exec(c.text)?.[1] ?? c.text) : c.type)).join("+")}`;
  });

describe("nextRequest (codex profile, Codex 0.171.0 captures)", () => {
  it.each<{ name: string; first?: TurnContextOverrides; second: TurnContextOverrides; added: string[] }>([
    { name: "nothing changed: no context items", second: {}, added: ["user:hello 2"] },
    // 0.171.0 keeps no baseline for config developer_instructions: change, addition and removal send nothing.
    {
      name: "developer instructions changed: nothing sent (captured)",
      first: { developerInstructions: "DEV A" },
      second: { developerInstructions: "DEV B" },
      added: ["user:hello 2"],
    },
    {
      name: "developer instructions added: nothing sent (captured)",
      second: { developerInstructions: "DEV B" },
      added: ["user:hello 2"],
    },
    {
      name: "developer instructions removed: nothing sent (captured)",
      first: { developerInstructions: "DEV A" },
      second: { developerInstructions: "" },
      added: ["user:hello 2"],
    },
    {
      name: "cwd changed, read-only: env with cwd, shell, date, tz, filesystem; no developer item (captured)",
      second: { environment: { cwd: "/other" } },
      added: ["user:env[cwd,shell,current_date,timezone,filesystem]", "user:hello 2"],
    },
    {
      name: "cwd changed under workspace-write: permissions re-rendered (writable roots) + env (captured)",
      second: { environment: { cwd: "/other" }, permissions: { sandbox: "workspace-write" } },
      added: [
        "developer:permissions instructions",
        "user:env[cwd,shell,current_date,timezone,filesystem]",
        "user:hello 2",
      ],
    },
    {
      name: "sandbox changed, same cwd: permissions + env without cwd and shell (captured)",
      second: { permissions: { sandbox: "workspace-write" } },
      added: ["developer:permissions instructions", "user:env[current_date,timezone,filesystem]", "user:hello 2"],
    },
    {
      name: "date rolled over: env with date, tz and the unchanged filesystem (captured)",
      second: { environment: { currentDate: "2026-11-30" } },
      added: ["user:env[current_date,timezone,filesystem]", "user:hello 2"],
    },
    {
      name: "timezone changed: env with date and new tz",
      second: { environment: { timezone: "Europe/Berlin" } },
      added: ["user:env[current_date,timezone,filesystem]", "user:hello 2"],
    },
    {
      name: "shell changed: 0.171.0 re-sends the cwd+shell pair (captured)",
      second: { environment: { shell: "zsh" } },
      added: ["user:env[cwd,shell,current_date,timezone,filesystem]", "user:hello 2"],
    },
    {
      name: "network requirements appear: env with the network block",
      second: {
        environment: { network: { allowedDomains: ["api.example.com"], deniedDomains: ["blocked.example.com"] } },
      },
      added: ["user:env[current_date,timezone,network,allowed,denied,</network>,filesystem]", "user:hello 2"],
    },
    {
      name: "model switched: one model_switch developer item, no env (captured)",
      second: { model: "o3" },
      added: ["developer:model_switch", "user:hello 2"],
    },
    {
      name: "model, sandbox and cwd changed: two developer items, env, message (captured)",
      second: { model: "o3", environment: { cwd: "/other" }, permissions: { sandbox: "workspace-write" } },
      added: [
        "developer:model_switch",
        "developer:permissions instructions",
        "user:env[cwd,shell,current_date,timezone,filesystem]",
        "user:hello 2",
      ],
    },
    {
      name: "approval changed only: permissions, no env",
      second: { permissions: { approval: "on-request" } },
      added: ["developer:permissions instructions", "user:hello 2"],
    },
    {
      name: "danger-full-access + model o3, same cwd: model_switch, permissions, env (filesystem changed)",
      second: { model: "o3", permissions: { sandbox: "danger-full-access" } },
      added: [
        "developer:model_switch",
        "developer:permissions instructions",
        "user:env[current_date,timezone,filesystem]",
        "user:hello 2",
      ],
    },
  ])("$name", ({ first, second, added }) => {
    const r = twoTurns("codex", first ?? {}, second);
    expect(shape(r.added)).toEqual(added);
  });

  describe("AGENTS.md changes (captured)", () => {
    const docs = (text: string) => ({
      projectDocs: [{ path: "/repo/AGENTS.md", text, sizeBytes: text.length, keptBytes: text.length }],
      budgetBytes: 32 * 1024,
    });
    const none = { projectDocs: [], budgetBytes: 32 * 1024 };
    it.each<{ name: string; first: TurnContextOverrides; second: TurnContextOverrides; parts: string[] }>([
      {
        name: "cwd moves, docs stay: re-sent for the new directory with the replacement sentence, then env",
        first: { userInstructions: docs("Root rules.\n") },
        second: { environment: { cwd: "/repo/b" } },
        parts: [
          `# AGENTS.md instructions for /repo/b\n\n<INSTRUCTIONS>\n${AGENTS_MD_REPLACED}\n\nRoot rules.\n\n</INSTRUCTIONS>`,
          "env",
        ],
      },
      {
        name: "docs edited, same cwd: the AGENTS.md part alone",
        first: { userInstructions: docs("Old.\n") },
        second: { userInstructions: docs("New.\n") },
        parts: [
          `# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\n${AGENTS_MD_REPLACED}\n\nNew.\n\n</INSTRUCTIONS>`,
        ],
      },
      {
        name: "docs disappear: heading without a directory and the withdrawal sentence",
        first: { userInstructions: docs("Root rules.\n") },
        second: { userInstructions: none, environment: { cwd: "/plain" } },
        parts: [`# AGENTS.md instructions\n\n<INSTRUCTIONS>\n${AGENTS_MD_REMOVED}\n</INSTRUCTIONS>`, "env"],
      },
      {
        name: "docs appear: sent as in the initial context",
        first: { userInstructions: none, environment: { cwd: "/plain" } },
        second: { userInstructions: docs("Root rules.\n"), environment: { cwd: "/repo" } },
        parts: ["# AGENTS.md instructions for /repo\n\n<INSTRUCTIONS>\nRoot rules.\n\n</INSTRUCTIONS>", "env"],
      },
    ])("$name", ({ first, second, parts }) => {
      const { added } = twoTurns("codex", first, second);
      expect(added).toHaveLength(2);
      expect(texts(added)[0]!.texts.map((t) => (t.startsWith("<environment_context>") ? "env" : t))).toEqual(parts);
    });
  });

  it("keeps request 1's input as the exact prefix of request 2 and the same cache key", () => {
    const { r1, r2 } = twoTurns(
      "codex",
      {},
      {
        model: "o3",
        environment: { cwd: "/other" },
        permissions: { sandbox: "workspace-write", approval: "on-request" },
      },
    );
    expect(r2.request.input.slice(0, r1.request.input.length)).toEqual(r1.request.input);
    expect(r2.request.prompt_cache_key).toBe(r1.request.prompt_cache_key);
    expect(r2.request.model).toBe("o3");
    expect(commonPrefix(r1.request, { ...r2.request, model: r1.request.model }).divergence).toBeNull();
  });

  it("builds each turn's bytes incrementally, equal to serialising the whole request", () => {
    const { r2 } = twoTurns("codex", {}, { model: "o3", environment: { cwd: "/other" } });
    expect(r2.bytes).toBe(serializeRequest(r2.request, getEnvelopeProfile("codex")));
    const p = twoTurns("promptc", {}, { environment: { cwd: "/other" } }).r2;
    expect(p.bytes).toBe(serializeRequest(p.request, getEnvelopeProfile("promptc")));
  });

  it("sends the first turn exactly as compile does", () => {
    const ctx = makeTurnContext({ userInput: { text: "hello 1" } });
    const r = nextRequest(createSession({ profile: "codex" }), ctx);
    expect({ request: r.request, bytes: r.bytes }).toEqual(
      (({ request, bytes }) => ({ request, bytes }))(compile(ctx, { profile: "codex" })),
    );
  });

  it("holds two distinct permissions texts after an approval change and one without", () => {
    const count = (r: ReturnType<typeof twoTurns>) =>
      new Set(
        r.r2.request.input.flatMap((i) =>
          i.type === "message"
            ? i.content.flatMap((c) => ("text" in c && c.text.startsWith("<permissions instructions>") ? [c.text] : []))
            : [],
        ),
      ).size;
    const permissionItems = (r: ReturnType<typeof twoTurns>) =>
      r.r2.request.input.filter(
        (i) =>
          i.type === "message" && i.content.some((c) => "text" in c && c.text.startsWith("<permissions instructions>")),
      ).length;
    expect([
      count(twoTurns("codex", {}, { permissions: { approval: "on-request" } })),
      permissionItems(twoTurns("codex", {}, {})),
    ]).toEqual([2, 1]);
  });

  it("puts the new cwd, the shell, date, timezone and filesystem in the env diff, in that order", () => {
    const { added } = twoTurns("codex", {}, { environment: { cwd: "/other" } });
    expect(texts(added)[0]).toEqual({
      role: "user",
      texts: [
        "<environment_context>\n  <cwd>/other</cwd>\n  <shell>bash</shell>\n  <current_date>2026-11-29</current_date>\n  <timezone>Etc/UTC</timezone>\n" +
          '  <filesystem><workspace_roots><root>/other</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile></filesystem>\n</environment_context>',
      ],
    });
  });

  it("wraps the model-switch sentence and the new model's instructions in <model_switch>", () => {
    const { added, r2 } = twoTurns("codex", {}, { model: "o3" });
    const fresh = compile(makeTurnContext({ model: "o3", userInput: { text: "hello 2" } }), { profile: "codex" });
    const base = ((fresh.request.input[0] as MessageItem).content[0] as { text: string }).text;
    const sentence = codexProse["model-switch"]!.source.trim();
    expect((added[0]!.content[0] as { text: string }).text).toBe(
      `<model_switch>\n${sentence}\n\n${base}\n</model_switch>`,
    );
    expect(r2.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("takes the session sentences from the prose set, so a user's prose replaces the stand-ins", () => {
    const prose = mergeProse(defaultProse("codex"), {
      entries: { "model-switch": { id: "model-switch", kind: "text", source: "MY SWITCH\n", origin: "user-supplied" } },
    });
    const s1 = recordItems(nextRequest(createSession({ profile: "codex", prose }), makeTurnContext({})).session, [
      assistant,
    ]).session;
    const r2 = nextRequest(s1, makeTurnContext({ model: "o3" }));
    const text = ((r2.request.input.at(-2) as MessageItem).content[0] as { text: string }).text;
    expect(text.startsWith("<model_switch>\nMY SWITCH\n\n")).toBe(true);
  });

  it("reports a prose set without a session sentence as template/missing instead of sending a silent default", () => {
    const full = defaultProse("codex");
    const { "agents-md-removed": _gone, ...entries } = full.entries;
    const docs = {
      projectDocs: [{ path: "/repo/AGENTS.md", text: "R\n", sizeBytes: 2, keptBytes: 2 }],
      budgetBytes: 32 * 1024,
    };
    const s1 = recordItems(
      nextRequest(
        createSession({ profile: "codex", prose: { ...full, entries } }),
        makeTurnContext({ userInstructions: docs }),
      ).session,
      [assistant],
    ).session;
    const r2 = nextRequest(s1, makeTurnContext({ userInstructions: { projectDocs: [], budgetBytes: 32 * 1024 } }));
    expect(r2.diagnostics.map((d) => [d.rule, d.severity])).toContainEqual(["template/missing", "error"]);
  });

  it("sends an AGENTS.md withdrawal that compaction treats as context, not as user intent (0.171.0 drops it)", () => {
    const docs = {
      projectDocs: [{ path: "/repo/AGENTS.md", text: "R\n", sizeBytes: 2, keptBytes: 2 }],
      budgetBytes: 32 * 1024,
    };
    const s1 = recordItems(
      nextRequest(
        createSession({ profile: "codex" }),
        makeTurnContext({ userInput: { text: "first task" }, userInstructions: docs }),
      ).session,
      [assistant],
    ).session;
    const r2 = nextRequest(
      s1,
      makeTurnContext({
        userInput: { text: "second task" },
        userInstructions: { projectDocs: [], budgetBytes: 32 * 1024 },
      }),
    );
    expect(shape(r2.request.input.slice(s1.input.length) as MessageItem[])).toEqual([
      `user:# AGENTS.md instructions\n\n<INSTRUCTIONS>\n${AGENTS_MD_REMOVED}\n</INSTRUCTIONS>`,
      "user:second task",
    ]);
    expect(collectUserMessages(r2.request.input, { prefixes: ["SUMMARY"] })).toEqual(["first task", "second task"]);
  });

  it("re-sends the new developer instructions once the reference is cleared (what 0.171.0 does after compaction)", () => {
    const s1 = recordItems(
      nextRequest(createSession({ profile: "codex" }), makeTurnContext({ developerInstructions: "DEV A" })).session,
      [assistant],
    ).session;
    const r2 = nextRequest(clearReference(s1), makeTurnContext({ developerInstructions: "DEV B" }));
    const bundle = r2.request.input
      .slice(s1.input.length)
      .find((i) => i.type === "message" && i.role === "developer") as MessageItem;
    expect((bundle.content[0] as { text: string }).text).toBe("DEV B");
  });

  it("gives appended messages ids derived from the session and their position", () => {
    const { r2, r1 } = twoTurns("codex", {}, { environment: { cwd: "/other" } });
    const n = r1.request.input.length + 1;
    expect(r2.request.input.slice(n).map((i) => (i.type === "message" ? i.id : undefined))).toEqual([
      messageId(r2.request.prompt_cache_key, n),
      messageId(r2.request.prompt_cache_key, n + 1),
    ]);
    expect(r2.appended).toEqual([
      { index: n, reasons: ["environment"] },
      { index: n + 1, reasons: ["turn"] },
    ]);
  });

  it("advances the reference even when nothing was sent, so a later turn diffs against the latest", () => {
    const s0 = createSession({ profile: "codex" });
    const r1 = nextRequest(s0, makeTurnContext({ userInput: { text: "1" } }));
    const r2 = nextRequest(r1.session, makeTurnContext({ userInput: { text: "2" } }));
    const r3 = nextRequest(
      r2.session,
      makeTurnContext({ environment: { currentDate: "2026-11-30" }, userInput: { text: "3" } }),
    );
    const r4 = nextRequest(
      r3.session,
      makeTurnContext({ environment: { currentDate: "2026-11-30" }, userInput: { text: "4" } }),
    );
    expect([r2.appended.length, r3.appended.length, r4.appended.length]).toEqual([1, 2, 1]);
  });

  it("re-sends the full context after the reference is cleared (reinjects)", () => {
    const r1 = nextRequest(createSession({ profile: "codex" }), makeTurnContext({ userInput: { text: "1" } }));
    const r2 = nextRequest(clearReference(r1.session), makeTurnContext({ userInput: { text: "2" } }));
    expect(shape(r2.request.input.slice(r1.request.input.length) as MessageItem[])).toEqual([
      "developer:permissions instructions",
      "user:env[cwd,shell,current_date,timezone,filesystem]",
      "user:2",
    ]);
  });
});

describe("nextRequest (promptc profile)", () => {
  it("bundles model switch and permissions into one developer message, env lists only what changed", () => {
    const r = twoTurns(
      "promptc",
      {},
      { model: "o3", permissions: { sandbox: "workspace-write" }, environment: { cwd: "/other" } },
    );
    expect(shape(r.added)).toEqual([
      "developer:model_switch+permissions instructions",
      "user:env[cwd,current_date,timezone]",
      "user:hello 2",
    ]);
  });

  it.each<{ name: string; second: TurnContextOverrides; added: string[] }>([
    {
      name: "shell only",
      second: { environment: { shell: "zsh" } },
      added: ["user:env[shell,current_date,timezone]", "user:hello 2"],
    },
    {
      name: "date only",
      second: { environment: { currentDate: "2026-11-30" } },
      added: ["user:env[current_date,timezone]", "user:hello 2"],
    },
    {
      name: "developer instructions",
      second: { developerInstructions: "Be terse." },
      added: ["developer:Be terse.", "user:hello 2"],
    },
  ])("sends an update for $name", ({ second, added }) => {
    expect(shape(twoTurns("promptc", {}, second).added)).toEqual(added);
  });

  it("freezes instructions and tools for the session so the cached prefix survives", () => {
    const s0 = createSession({ profile: "promptc" });
    const r1 = nextRequest(s0, makeTurnContext({ userInput: { text: "1" } }));
    const r2 = nextRequest(
      r1.session,
      makeTurnContext({ model: "o3", userInput: { text: "look", images: ["data:image/png;base64,AA"] } }),
    );
    expect({ instructions: r2.request.instructions, tools: r2.request.tools }).toEqual({
      instructions: r1.request.instructions,
      tools: r1.request.tools,
    });
    expect({ ...r2.request, model: r1.request.model }).toExtendPrefixOf(r1.request);
  });
});

describe("nextRequest on a text-only model (supportsImages: false)", () => {
  const parts = (r: ReturnType<typeof nextRequest>) =>
    r.request.input
      .filter((i) => i.type === "message" && i.role === "user")
      .flatMap((i) => (i as MessageItem).content.map((c) => c.type));
  it.each(["codex", "promptc"] as const)(
    "replaces the turn's own images by the %s image-omitted prose, on the wire too, and keeps the prefix",
    (profile) => {
      const placeholder = defaultProse(profile).entries["image-omitted"]!.source.trim();
      const withImage = makeTurnContext({ userInput: { text: "look", images: ["data:image/png;base64,AA"] } });
      const r1 = nextRequest(createSession({ profile, supportsImages: false }), withImage);
      expect(parts(r1)).not.toContain("input_image");
      expect(JSON.stringify(r1.request.input)).toContain(JSON.stringify(placeholder));
      expect(r1.bytes).toBe(serializeRequest(r1.request, getEnvelopeProfile(profile)));
      expect(r1.diagnostics.map((d) => d.rule)).toContain("history/image-omitted");
      const r2 = nextRequest(
        recordItems(r1.session, [assistant]).session,
        makeTurnContext({ userInput: { text: "again", images: ["data:image/png;base64,BB"] } }),
      );
      expect(parts(r2)).not.toContain("input_image");
      expect(r2.request.input.slice(0, r1.request.input.length)).toEqual(r1.request.input);
      expect(r2.bytes).toBe(serializeRequest(r2.request, getEnvelopeProfile(profile)));
    },
  );

  it("keeps images for a model that takes them", () => {
    const r1 = nextRequest(
      createSession({ profile: "codex" }),
      makeTurnContext({ userInput: { text: "look", images: ["data:image/png;base64,AA"] } }),
    );
    expect(parts(r1)).toContain("input_image");
  });
});

describe("recordItems", () => {
  it("normalises a turn's items: aborted output for an unanswered call, ghost snapshots kept aside", () => {
    const s: Session = createSession({ profile: "promptc" });
    const ghost: ResponseItem = {
      type: "ghost_snapshot",
      ghost_commit: { id: "g", parent: null, preexisting_untracked_files: [], preexisting_untracked_dirs: [] },
    };
    const r = recordItems(s, [{ type: "function_call", name: "exec_command", arguments: "{}", call_id: "c1" }, ghost]);
    expect({ input: r.session.input, hidden: r.session.hidden, rules: r.diagnostics.map((d) => d.rule) }).toEqual({
      input: [
        { type: "function_call", name: "exec_command", arguments: "{}", call_id: "c1" },
        { type: "function_call_output", call_id: "c1", output: "aborted" },
      ],
      hidden: [ghost],
      rules: ["history/missing-call-output"],
    });
  });
});
