import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { calibrateProse } from "../../src/capture/calibrate-prose.js";
import { defaultProse } from "../../src/compile/compile.js";
import { buildPermissionsFragment } from "../../src/fragments/permissions.js";
import { mergeProse, PROSE_IDS, type ProseSet } from "../../src/fragments/prose-set.js";
import type { ResponseItem } from "../../src/model/items.js";
import type { ResponsesRequest } from "../../src/model/request.js";
import type { PermissionsInfo, TurnContext } from "../../src/model/turn-context.js";
import { createSession, nextRequest, recordItems } from "../../src/session/session.js";
import { makeSkill, makeTurnContext } from "../compile/make-turn-context.js";

const m = (role: string, ...texts: string[]) => ({
  type: "message",
  id: "x",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});
const WRITE_FS =
  '<filesystem><permission_profile type="managed"><file_system type="restricted"><entry access="write"><path>/w</path></entry></file_system></permission_profile></filesystem>';
const PERMS =
  "<permissions instructions>\nSandbox sentence, writes allowed. Network access is restricted.\nApproval line one.\nApproval line two.\n Roots here: `/tmp`, `/w`.\n</permissions instructions>";

const captured = {
  model: "m",
  input: [
    m("developer", "My base prose.\n\nSecond paragraph."),
    m(
      "developer",
      "<skills_instructions>\n## Skills\nPreamble words.\nMore preamble.\n### Skill roots\n- `r0` = `/w/.codex/skills`\n### Available skills\n- a: b (file: r0/a/SKILL.md)\n</skills_instructions>",
      PERMS,
    ),
    m("user", `<environment_context>\n  <cwd>/w</cwd>\n  ${WRITE_FS}\n</environment_context>`),
    m("user", "hi"),
  ],
  tools: [
    {
      type: "function",
      name: "run",
      description: "Run it.",
      parameters: {
        type: "object",
        properties: {
          cmd: { type: "string", description: "The cmd." },
          list: {
            type: "array",
            description: "L.",
            items: { type: "object", properties: { x: { type: "string", description: "X." } } },
          },
        },
      },
    },
    {
      type: "namespace",
      name: "ns",
      description: "Group.",
      tools: [{ type: "function", name: "t", description: "T.", parameters: { type: "object", properties: {} } }],
    },
    { type: "web_search" },
  ],
};

function proseOf(files: { [name: string]: string }): ProseSet {
  const entries = Object.fromEntries(
    Object.entries(files)
      .filter(([n]) => n.endsWith(".md"))
      .map(([n, source]) => [
        n.slice(0, -3),
        { id: n.slice(0, -3), kind: "text" as const, source, origin: "user-supplied" as const },
      ]),
  );
  return { profile: "codex", entries, tools: {}, toolsOrigin: "user-supplied" };
}

describe("calibrateProse", () => {
  it("extracts each prose fragment into a prose-dir file keyed by prose id", () => {
    const r = calibrateProse(
      [{ file: "c.json", body: JSON.stringify(captured), userAgent: "codex_exec/0.171.0 (x)" }],
      { targetVersion: "0.171.0" },
    );
    expect(Object.keys(r.files)).toEqual([
      "base-instructions.md",
      "permissions-approval-never.md",
      "permissions-sandbox-workspace-write.md",
      "permissions-writable-roots.md",
      "skills-preamble.md",
      "tools.yaml",
      "request-tools.json",
      "layout.json",
    ]);
    expect(r.files["base-instructions.md"]).toBe("My base prose.\n\nSecond paragraph.");
    expect(r.files["skills-preamble.md"]).toBe("Preamble words.\nMore preamble.");
    expect(r.files["permissions-sandbox-workspace-write.md"]).toBe(
      "Sandbox sentence, writes allowed. Network access is {network_access}.",
    );
    expect(r.files["permissions-approval-never.md"]).toBe("Approval line one.\nApproval line two.");
    expect(r.files["permissions-writable-roots.md"]).toBe(" Roots here: {roots}.");
    expect(YAML.parse(r.files["tools.yaml"] ?? "")).toEqual({
      run: { description: "Run it.", parameters: { cmd: "The cmd.", list: "L.", "list.x": "X." } },
      ns: { description: "Group." },
      "ns.t": { description: "T." },
    });
    expect(r.agentVersion).toBe("0.171.0");
    expect(r.diagnostics).toEqual([]);
  });

  it.each([
    [false, PERMS],
    [true, PERMS.replace("restricted", "enabled")],
  ])(
    "gives prose that rebuilds the permissions section byte for byte (network access %s)",
    (networkAccess, expected) => {
      const r = calibrateProse([{ file: "c.json", body: JSON.stringify(captured) }]);
      const permissions: PermissionsInfo = {
        sandbox: "workspace-write",
        approval: "never",
        networkAccess,
        configuredWritableRoots: [],
        tmpExists: true,
        approvedPrefixes: [],
      };
      expect(buildPermissionsFragment("/w", permissions, proseOf(r.files)).text).toBe(expected);
    },
  );

  it("splits on-request approval text from its approved command prefixes so they are not rendered twice", () => {
    const section =
      '<permissions instructions>\nReadonly words. Network access is restricted.\nAsk first.\n\nMore asking rules.\n\n## Prefix heading\nThese were approved: - ["cargo"]\n- ["git", "pull"]\n</permissions instructions>';
    const body = {
      ...captured,
      input: [
        captured.input[0],
        m("developer", section),
        m(
          "user",
          '<environment_context>\n  <filesystem><permission_profile type="managed"></permission_profile></filesystem>\n</environment_context>',
        ),
      ],
    };
    const r = calibrateProse([{ file: "c.json", body: JSON.stringify(body) }], { approval: "on-request" });
    expect(r.files["permissions-approval-on-request.md"]).toBe("Ask first.\n\nMore asking rules.");
    expect(r.files["permissions-approved-prefixes.md"]).toBe("## Prefix heading\nThese were approved: ");
    const permissions: PermissionsInfo = {
      sandbox: "read-only",
      approval: "on-request",
      networkAccess: false,
      configuredWritableRoots: [],
      tmpExists: true,
      approvedPrefixes: [["git", "pull"], ["cargo"]],
    };
    expect(buildPermissionsFragment("/w", permissions, proseOf(r.files)).text).toBe(section);
  });

  it("extracts the summary prefix from the request after a compaction, knowing the server's answer", () => {
    const meta = (kind: string) => ({
      client_metadata: { "x-codex-turn-metadata": JSON.stringify({ request_kind: kind, sandbox_mode: "read-only" }) },
    });
    const compaction = {
      model: "m",
      input: [
        m("user", "task"),
        { type: "message", role: "user", content: [{ type: "input_text", text: "Summarise, please." }] },
      ],
      ...meta("compaction"),
    };
    const after = {
      model: "m",
      input: [m("user", "task"), m("user", "Earlier work, summarised:\nThe summary."), m("user", "next")],
      ...meta("turn"),
    };
    const r = calibrateProse([
      { file: "1.json", body: JSON.stringify(compaction), replyText: "The summary." },
      { file: "2.json", body: JSON.stringify(after) },
    ]);
    expect([
      r.files["compact-prompt.md"],
      r.files["compact-summary-prefix.md"],
      r.sources["compact-summary-prefix"],
    ]).toEqual(["Summarise, please.", "Earlier work, summarised:", "2.json"]);
    const none = calibrateProse([
      { file: "1.json", body: JSON.stringify(compaction) },
      { file: "2.json", body: JSON.stringify(after) },
    ]);
    expect(none.files["compact-summary-prefix.md"]).toBeUndefined();
  });

  it.each([
    ["{oops", "calibrate/invalid-json"],
    ['{"messages": []}', "calibrate/not-responses"],
  ])("reports %s as %s", (body, rule) => {
    expect(calibrateProse([{ file: "f", body }]).diagnostics[0]?.rule).toBe(rule);
  });

  it("flags a capture from another agent version", () => {
    const r = calibrateProse([{ file: "c", body: JSON.stringify(captured), userAgent: "codex_exec/0.180.0" }], {
      targetVersion: "0.171.0",
    });
    expect(r.diagnostics.find((d) => d.rule === "calibrate/version-mismatch")?.data).toEqual({
      captured: "0.180.0",
      target: "0.171.0",
    });
  });

  it("files each permissions section of a resumed request under the sandbox it was rendered for", () => {
    const RO_FS =
      '<filesystem><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile></filesystem>';
    const roPerms =
      "<permissions instructions>\nLooking only. Network access is restricted.\nApproval line one.\nApproval line two.\n</permissions instructions>";
    const first = {
      ...captured,
      input: [
        captured.input[0],
        m("developer", roPerms),
        m("user", `<environment_context>\n  <cwd>/w</cwd>\n  ${RO_FS}\n</environment_context>`),
        m("user", "first"),
      ],
    };
    const meta = {
      client_metadata: {
        "x-codex-turn-metadata": JSON.stringify({ request_kind: "turn", sandbox_mode: "workspace-write" }),
      },
    };
    const resumed = {
      ...first,
      ...meta,
      input: [
        ...first.input,
        m("assistant", "ok"),
        m("developer", PERMS),
        m("user", `<environment_context>\n  ${WRITE_FS}\n</environment_context>`),
        m("user", "second"),
      ],
    };
    const r = calibrateProse([{ file: "resumed.json", body: JSON.stringify(resumed) }]);
    expect(r.files["permissions-sandbox-read-only.md"]).toBe("Looking only. Network access is {network_access}.");
    expect(r.files["permissions-sandbox-workspace-write.md"]).toBe(
      "Sandbox sentence, writes allowed. Network access is {network_access}.",
    );
    expect(r.files["permissions-writable-roots.md"]).toBe(" Roots here: {roots}.");
    expect(r.diagnostics).toEqual([
      { rule: "calibrate/unknown-version", severity: "info", message: expect.any(String) },
    ]);
    // First turn and resumed turn together: the same files, each from the capture that first had it, no conflict.
    const both = calibrateProse([
      { file: "first.json", body: JSON.stringify(first) },
      { file: "resumed.json", body: JSON.stringify(resumed) },
    ]);
    expect(both.files).toEqual(r.files);
    expect(both.sources).toEqual({
      ...r.sources,
      "base-instructions": "first.json",
      "permissions-sandbox-read-only": "first.json",
      "permissions-approval-never": "first.json",
    });
    expect(both.diagnostics.map((d) => d.rule)).toEqual(["calibrate/unknown-version"]);
  });

  it("files an earlier turn's approval text only when it is the same as the current turn's", () => {
    const otherApproval = PERMS.replace("Approval line one.\nApproval line two.", "Ask before anything.");
    const fsEnv = m("user", `<environment_context>\n  ${WRITE_FS}\n</environment_context>`);
    const body = {
      ...captured,
      input: [
        m("developer", otherApproval),
        fsEnv,
        m("user", "a"),
        m("developer", PERMS.replace("restricted", "enabled")),
        m("user", "b"),
      ],
    };
    const r = calibrateProse([{ file: "c.json", body: JSON.stringify(body) }], {
      approval: "never",
      agentVersion: "0.171.0",
    });
    expect(r.files["permissions-approval-never.md"]).toBe("Approval line one.\nApproval line two.");
    expect(r.diagnostics.map((d) => [d.rule, d.severity])).toEqual([["calibrate/earlier-approval", "info"]]);
  });

  it("reports two captures that disagree on a tool description as a conflict", () => {
    const tools = [{ ...captured.tools[0], description: "Run something else." }];
    const r = calibrateProse(
      [
        { file: "a", body: JSON.stringify(captured) },
        { file: "b", body: JSON.stringify({ ...captured, tools }) },
      ],
      { agentVersion: "0.171.0" },
    );
    expect(YAML.parse(r.files["tools.yaml"] ?? "").run.description).toBe("Run it.");
    expect(r.diagnostics).toEqual([
      {
        rule: "calibrate/conflict",
        severity: "warning",
        message: expect.stringContaining("tool run"),
        file: "b",
        data: { id: "tools.yaml:run", kept: "a" },
      },
    ]);
  });

  it("keeps the first text when two captures disagree", () => {
    const other = { ...captured, input: [m("developer", "Other base."), ...captured.input.slice(1)] };
    const r = calibrateProse([
      { file: "a", body: JSON.stringify(captured) },
      { file: "b", body: JSON.stringify(other) },
    ]);
    expect(r.files["base-instructions.md"]).toBe("My base prose.\n\nSecond paragraph.");
    expect(r.diagnostics.find((d) => d.rule === "calibrate/conflict")).toEqual({
      rule: "calibrate/conflict",
      severity: "warning",
      message: "b: base-instructions differs from the text taken from a; kept that one",
      file: "b",
      data: { id: "base-instructions", kept: "a" },
    });
  });
});

/** Prose ids this session does not render (other approval policies, no approved prefixes, no images). */
// The per-model texts (skills usage, deferred tools, collaboration mode, multi-agent) belong to catalogue layouts; this session runs the fallback layout.
const NOT_RENDERED: readonly string[] = [
  "permissions-approval-on-request",
  "permissions-approval-on-failure",
  "permissions-approval-untrusted",
  "permissions-approved-prefixes",
  "image-omitted",
  "skills-usage",
  "deferred-tools",
  "collaboration-mode",
  "multi-agent-role",
  "multi-agent-mode",
];
/** Prose ids calibration recovers from the session's requests; replaced by a wrong text before recompiling. */
const RECOVERED = PROSE_IDS.filter((id) => !NOT_RENDERED.includes(id));

const docs = (text: string): TurnContext["userInstructions"] => ({
  projectDocs: [{ path: "/repo/AGENTS.md", text, sizeBytes: text.length, keptBytes: text.length }],
  budgetBytes: 32 * 1024,
});

/** A codex-profile session through promptc's own compiler: every kind of settings update once. */
const TURNS: TurnContext[] = [
  makeTurnContext({
    userInstructions: docs("Docs of the repo.\n"),
    skills: { roots: [{ path: "/repo/.agents/skills", scope: "repo" }], skills: [makeSkill("a")] },
  }),
  makeTurnContext({
    model: "o3",
    environment: { cwd: "/repo/b" },
    permissions: { sandbox: "workspace-write" },
    userInstructions: docs("Docs of b.\n"),
  }),
  makeTurnContext({
    model: "o3",
    environment: { cwd: "/repo/b" },
    permissions: { sandbox: "workspace-write", networkAccess: true },
  }),
  makeTurnContext({ model: "o3", environment: { cwd: "/repo/b" }, permissions: { sandbox: "danger-full-access" } }),
];

function sessionRequests(prose: ProseSet): ResponsesRequest[] {
  let session = createSession({ profile: "codex", prose, exactTokens: false });
  const requests: ResponsesRequest[] = [];
  for (const ctx of TURNS) {
    const r = nextRequest(session, ctx);
    requests.push(r.request);
    session = recordItems(r.session, [
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Done." }] } as ResponseItem,
    ]).session;
  }
  return requests;
}

describe("calibrateProse on a multi-turn session", () => {
  const original = sessionRequests(defaultProse("codex"));
  const inputs = original.map((r, k) => ({ file: `${k + 1}.json`, body: JSON.stringify(r) }));

  it("recovers the prose that rebuilds every request byte for byte, whatever order the captures come in", () => {
    for (const order of [inputs, [...inputs].reverse()]) {
      const r = calibrateProse(order, { agentVersion: "0.171.0" });
      expect(r.diagnostics).toEqual([]);
      expect(
        Object.keys(r.files)
          .filter((f) => f.endsWith(".md"))
          .map((f) => f.slice(0, -3))
          .sort(),
      ).toEqual([...RECOVERED].sort());
      const wrong = mergeProse(defaultProse("codex"), {
        entries: Object.fromEntries(
          RECOVERED.map((id) => [id, { id, kind: "text" as const, source: "WRONG", origin: "user-supplied" as const }]),
        ),
      });
      const rebuilt = sessionRequests(mergeProse(wrong, { entries: proseOf(r.files).entries }));
      expect(rebuilt.map((q) => JSON.stringify(q))).toEqual(original.map((q) => JSON.stringify(q)));
    }
  });

  it("recovers the same prose from the last request alone (it carries every earlier section)", () => {
    const all = calibrateProse(inputs, { agentVersion: "0.171.0" });
    const last = calibrateProse(inputs.slice(-1), { agentVersion: "0.171.0" });
    expect(last.files).toEqual(all.files);
  });
});
