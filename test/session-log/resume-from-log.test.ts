import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultProse } from "../../src/compile/compile.js";
import { buildTurnRequest } from "../../src/loop/build-turn-request.js";
import type { MessageItem, ResponseItem } from "../../src/model/items.js";
import type { TurnContext } from "../../src/model/turn-context.js";
import { getEnvelopeProfile } from "../../src/profiles/index.js";
import { buildWorldState, loggedSettingsOf } from "../../src/session-log/logged-settings.js";
import { parseSessionLog } from "../../src/session-log/parse-rollout.js";
import { buildReferenceContext } from "../../src/session/reference-context.js";
import {
  referenceFromLog,
  sentBaseInstructions,
  withBaseInstructionsItem,
} from "../../src/session-log/resume-from-log.js";
import { buildSettingsUpdate } from "../../src/session/settings-update.js";

// A real 0.171.0 rollout after one `codex exec` turn in /proj/demo/pkg (read-only, never); prose replaced by ours.
const FIXTURE = join(import.meta.dirname, "..", "..", "fixtures", "transcripts", "codex-0.171-resume-baseline.jsonl");
const log = parseSessionLog(readFileSync(FIXTURE, "utf8")).value;
const codex = getEnvelopeProfile("codex");
const prose = defaultProse("codex");

type Overrides = {
  cwd?: string;
  sandbox?: TurnContext["permissions"]["sandbox"];
  date?: string;
  model?: string;
  docs?: string[];
};
const ctx = (o: Overrides = {}): TurnContext => ({
  model: o.model ?? "gpt-5.2-codex",
  sessionId: "01a22842-2a36-7bb0-a552-382fe36e6b23",
  environment: {
    cwd: o.cwd ?? "/proj/demo/pkg",
    shell: "bash",
    currentDate: o.date ?? "2026-11-29",
    timezone: "Etc/UTC",
  },
  permissions: {
    sandbox: o.sandbox ?? "read-only",
    approval: "never",
    networkAccess: false,
    configuredWritableRoots: [],
    tmpExists: true,
    approvedPrefixes: [],
  },
  userInstructions: {
    projectDocs: (o.docs ?? ["root doc\n", "pkg doc\n"]).map((text, k) => ({
      path: `/proj/demo/${k}/AGENTS.md`,
      text,
      sizeBytes: text.length,
      keptBytes: text.length,
    })),
    budgetBytes: 32 * 1024,
  },
  skills: { roots: [], skills: [] },
  userInput: { text: "second task", images: [] },
});
const shape = (items: readonly ResponseItem[]) =>
  items.map((i) =>
    i.type === "message"
      ? `${i.role}:${i.content.map((c) => ("text" in c ? c.text.split("\n", 1)[0] : c.type)).join(" + ")}`
      : i.type,
  );

describe("loggedSettingsOf", () => {
  it("reads the last turn context and the merged world state of a 0.171.0 rollout", () => {
    expect(log.settings).toEqual({
      cwd: "/proj/demo/pkg",
      model: "gpt-5.2-codex",
      approval: "never",
      sandbox: "read-only",
      shell: "bash",
      currentDate: "2026-11-29",
      timezone: "Etc/UTC",
      filesystem:
        '<filesystem><workspace_roots><root>/proj/demo/pkg</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile></filesystem>',
      agentsMd: "root doc\n\n\npkg doc\n",
      approvedPrefixes: [],
      multiAgentVersion: "v1",
    });
  });

  it("merges partial world states deeply and reads null as withdrawn (captured shapes)", () => {
    const text = [
      {
        type: "world_state",
        payload: {
          full: true,
          state: {
            agents_md: { directory: "/a", text: "A\n" },
            environments: { environments: { local: { cwd: "/a", shell: "bash" } }, current_date: "2026-11-28" },
          },
        },
      },
      {
        type: "turn_context",
        payload: {
          cwd: "/a",
          approval_policy: "never",
          sandbox_policy: { type: "workspace-write", network_access: true, writable_roots: ["/w"] },
          model: "m1",
        },
      },
      { type: "world_state", payload: { full: false, state: { environments: { current_date: "2026-11-29" } } } },
      { type: "world_state", payload: { full: false, state: { agents_md: { directory: null, text: null } } } },
    ]
      .map((r) => JSON.stringify({ timestamp: "t", ...r }))
      .join("\n");
    expect(parseSessionLog(text).value.settings).toEqual({
      cwd: "/a",
      shell: "bash",
      currentDate: "2026-11-29",
      model: "m1",
      approval: "never",
      sandbox: "workspace-write",
      networkAccess: true,
      writableRoots: ["/w"],
      agentsMd: null,
    });
  });

  it("gives no baseline for a log without turn context or world state", () => {
    expect(loggedSettingsOf(undefined, undefined)).toBeUndefined();
    expect(
      parseSessionLog('{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}\n').value
        .settings,
    ).toBeUndefined();
  });

  it("reads back what promptc logs (buildWorldState + its turn_context) as the same reference context", () => {
    for (const id of ["codex", "promptc"] as const) {
      const profile = getEnvelopeProfile(id);
      const p = defaultProse(id);
      const c = { ...ctx({ sandbox: "workspace-write" }), developerInstructions: "Dev words." };
      const ref = buildReferenceContext(c, profile, p);
      const settings = loggedSettingsOf(
        {
          model: c.model,
          cwd: "/proj/demo/pkg",
          sandbox: "workspace-write",
          approval: "never",
          network_access: false,
          writable_roots: [],
        },
        buildWorldState(ref, []).state,
      );
      // Read against a different current turn: every field comes from the log.
      const other = {
        ...ctx({ cwd: "/elsewhere", date: "2027-01-01", model: "o3", docs: [] }),
        developerInstructions: "Other.",
      };
      expect(referenceFromLog(settings!, other, profile, p)).toEqual(ref);
    }
  });
});

describe("referenceFromLog", () => {
  const update = (o: Overrides) => {
    const c = ctx(o);
    return shape(
      buildSettingsUpdate(
        referenceFromLog(log.settings!, c, codex, prose),
        buildReferenceContext(c, codex, prose),
        codex,
        prose,
      ).items as MessageItem[],
    );
  };

  it.each<[string, Overrides, string[]]>([
    ["nothing changed: nothing appended (captured)", {}, []],
    [
      "sandbox read-only → workspace-write: permissions, then env without cwd/shell (captured)",
      { sandbox: "workspace-write" },
      ["developer:<permissions instructions>", "user:<environment_context>"],
    ],
    ["date changed: env with date, timezone and filesystem", { date: "2026-11-30" }, ["user:<environment_context>"]],
    [
      "AGENTS.md edited in place: only the AGENTS.md part",
      { docs: ["root doc\n", "pkg doc v2\n"] },
      ["user:# AGENTS.md instructions for /proj/demo/pkg"],
    ],
    [
      "model, AGENTS.md (cwd), permissions: four messages in 0.171.0's order (captured)",
      { model: "o3", cwd: "/proj/demo/other", docs: ["root doc\n"], sandbox: "workspace-write" },
      [
        "developer:<model_switch>",
        "user:# AGENTS.md instructions for /proj/demo/other",
        "developer:<permissions instructions>",
        "user:<environment_context>",
      ],
    ],
    [
      "model and cwd: AGENTS.md and env share one user message (captured)",
      { model: "o3", cwd: "/proj/demo/other", docs: ["root doc\n"] },
      ["developer:<model_switch>", "user:# AGENTS.md instructions for /proj/demo/other + <environment_context>"],
    ],
  ])("diffs against the logged baseline: %s", (_name, o, expected) => {
    expect(update(o)).toEqual(expected);
  });

  it("takes what the log does not record from the current turn (assumed unchanged)", () => {
    const c = ctx({ date: "2030-01-01" });
    const ref = referenceFromLog({ cwd: "/proj/demo/pkg" }, c, codex, prose);
    expect(ref).toEqual(buildReferenceContext(c, codex, prose));
  });
});

describe("sentBaseInstructions", () => {
  it.each([
    [
      "drops the plan sections without a plan tool",
      "Intro.\n\n## Planning\n\nPlan.\n\n### Examples\n\nEx.\n\n## Task\n\nDo.\n\n## `update_plan`\n\nTool.\n",
      false,
      "Intro.\n\n## Task\n\nDo.\n\n",
    ],
    [
      "keeps them when the plan tool is offered",
      "Intro.\n\n## Planning\n\nPlan.\n",
      true,
      "Intro.\n\n## Planning\n\nPlan.\n",
    ],
    [
      "keeps text without such sections as is",
      "Just words.\n# Title\n\n## Planning ahead\n",
      false,
      "Just words.\n# Title\n\n## Planning ahead\n",
    ],
    ["ends a section at a level-1 heading", "## Planning\nP\n# Next\nN", false, "# Next\nN"],
  ])("%s", (_name, text, offers, expected) => {
    expect(sentBaseInstructions(text, offers)).toBe(expected);
  });
});

describe("withBaseInstructionsItem", () => {
  const user: ResponseItem = { type: "message", role: "user", content: [{ type: "input_text", text: "first task" }] };
  const base = (text: string): ResponseItem => ({
    type: "message",
    role: "developer",
    content: [{ type: "input_text", text }],
  });

  it.each<[string, ResponseItem[], string | undefined, string[]]>([
    [
      "prepends the logged text to a Codex history",
      [user],
      "Logged base.",
      ["developer:Logged base.", "user:first task"],
    ],
    [
      "keeps a history that starts with the logged text",
      [base("Logged base."), user],
      "Logged base.",
      ["developer:Logged base.", "user:first task"],
    ],
    [
      "keeps a promptc codex log's own base item when nothing is logged",
      [base("Own base."), user],
      undefined,
      ["developer:Own base.", "user:first task"],
    ],
    ["uses the fallback when neither is there", [user], undefined, ["developer:Current base.", "user:first task"]],
  ])("%s", (_name, history, logged, expected) => {
    expect(shape(withBaseInstructionsItem(history, logged, "Current base.", "sid", codex))).toEqual(expected);
  });

  it("leaves an instructions-field layout alone", () => {
    expect(withBaseInstructionsItem([user], "Logged base.", "x", "sid", getEnvelopeProfile("promptc"))).toEqual([user]);
  });
});

describe("buildTurnRequest (resume)", () => {
  it("resumes the fixture rollout as 0.171.0 does: base instructions from session_meta, then history, then only the message", () => {
    const next = buildTurnRequest(ctx(), {
      compile: { profile: "codex", prose },
      history: log.history,
      sessionId: "s",
      baseline: referenceFromLog(log.settings!, ctx(), codex, prose),
      baseInstructions: log.baseInstructions!,
    }).request;
    expect(shape(next.input)).toEqual([
      "developer:Fixture base instructions (resume baseline): work carefully in the repository.",
      "developer:<skills_instructions> + <permissions instructions>",
      "user:# AGENTS.md instructions for /proj/demo/pkg + <environment_context>",
      "user:first task",
      "assistant:Done.",
      "user:second task",
    ]);
    // The codex profile offers no update_plan tool, so the fixture's Planning section is left out, as Codex does.
    const first = next.input[0] as MessageItem;
    expect(first.content[0]).toEqual({
      type: "input_text",
      text: "Fixture base instructions (resume baseline): work carefully in the repository.\n\n## Final answer\n\nFixture closing section.\n",
    });
  });

  it("without a baseline sends the whole initial context again (a log that records no turn context)", () => {
    const next = buildTurnRequest(ctx(), {
      compile: { profile: "codex", prose },
      history: log.history,
      sessionId: "s",
    }).request;
    // (promptc lists no skills section when there are none.)
    expect(shape(next.input).slice(5)).toEqual([
      "developer:<permissions instructions>",
      "user:# AGENTS.md instructions for /proj/demo/pkg + <environment_context>",
      "user:second task",
    ]);
  });

  it("promptc profile: the logged base instructions stay the instructions field", () => {
    const next = buildTurnRequest(ctx(), {
      compile: { profile: "promptc" },
      history: log.history,
      sessionId: "s",
      baseInstructions: "Logged promptc instructions.",
    }).request;
    expect(next.instructions).toBe("Logged promptc instructions.");
  });
});
