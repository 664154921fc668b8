import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { calibrateProse } from "../../src/capture/calibrate-prose.js";
import { buildPermissionsFragment } from "../../src/fragments/permissions.js";
import type { ProseSet } from "../../src/fragments/prose-set.js";
import type { PermissionsInfo } from "../../src/model/turn-context.js";

const m = (role: string, ...texts: string[]) => ({ type: "message", id: "x", role, content: texts.map((text) => ({ type: "input_text", text })) });
const WRITE_FS = '<filesystem><permission_profile type="managed"><file_system type="restricted"><entry access="write"><path>/w</path></entry></file_system></permission_profile></filesystem>';
const PERMS = "<permissions instructions>\nSandbox sentence, writes allowed. Network access is restricted.\nApproval line one.\nApproval line two.\n Roots here: `/tmp`, `/w`.\n</permissions instructions>";

const captured = {
  model: "m",
  input: [
    m("developer", "My base prose.\n\nSecond paragraph."),
    m("developer", "<skills_instructions>\n## Skills\nPreamble words.\nMore preamble.\n### Skill roots\n- `r0` = `/w/.codex/skills`\n### Available skills\n- a: b (file: r0/a/SKILL.md)\n</skills_instructions>", PERMS),
    m("user", `<environment_context>\n  <cwd>/w</cwd>\n  ${WRITE_FS}\n</environment_context>`),
    m("user", "hi"),
  ],
  tools: [
    { type: "function", name: "run", description: "Run it.", parameters: { type: "object", properties: { cmd: { type: "string", description: "The cmd." }, list: { type: "array", description: "L.", items: { type: "object", properties: { x: { type: "string", description: "X." } } } } } } },
    { type: "namespace", name: "ns", description: "Group.", tools: [{ type: "function", name: "t", description: "T.", parameters: { type: "object", properties: {} } }] },
    { type: "web_search" },
  ],
};

function proseOf(files: { [name: string]: string }): ProseSet {
  const entries = Object.fromEntries(
    Object.entries(files)
      .filter(([n]) => n.endsWith(".md"))
      .map(([n, source]) => [n.slice(0, -3), { id: n.slice(0, -3), kind: "text" as const, source, origin: "user-supplied" as const }]),
  );
  return { profile: "codex", entries, tools: {}, toolsOrigin: "user-supplied" };
}

describe("calibrateProse", () => {
  it("extracts each prose fragment into a prose-dir file keyed by prose id", () => {
    const r = calibrateProse([{ file: "c.json", body: JSON.stringify(captured), userAgent: "codex_exec/0.171.0 (x)" }], { targetVersion: "0.171.0" });
    expect(Object.keys(r.files)).toEqual([
      "base-instructions.md",
      "permissions-approval-never.md",
      "permissions-sandbox-workspace-write.md",
      "permissions-writable-roots.md",
      "skills-preamble.md",
      "tools.yaml",
    ]);
    expect(r.files["base-instructions.md"]).toBe("My base prose.\n\nSecond paragraph.");
    expect(r.files["skills-preamble.md"]).toBe("Preamble words.\nMore preamble.");
    expect(r.files["permissions-sandbox-workspace-write.md"]).toBe("Sandbox sentence, writes allowed. Network access is {network_access}.");
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
  ])("gives prose that rebuilds the permissions section byte for byte (network access %s)", (networkAccess, expected) => {
    const r = calibrateProse([{ file: "c.json", body: JSON.stringify(captured) }]);
    const permissions: PermissionsInfo = { sandbox: "workspace-write", approval: "never", networkAccess, configuredWritableRoots: [], tmpExists: true, approvedPrefixes: [] };
    expect(buildPermissionsFragment("/w", permissions, proseOf(r.files)).text).toBe(expected);
  });

  it("splits on-request approval text from its approved command prefixes so they are not rendered twice", () => {
    const section = "<permissions instructions>\nReadonly words. Network access is restricted.\nAsk first.\n\nMore asking rules.\n\n## Prefix heading\nThese were approved: - [\"cargo\"]\n- [\"git\", \"pull\"]\n</permissions instructions>";
    const body = { ...captured, input: [captured.input[0], m("developer", section), m("user", "<environment_context>\n  <filesystem><permission_profile type=\"managed\"></permission_profile></filesystem>\n</environment_context>")] };
    const r = calibrateProse([{ file: "c.json", body: JSON.stringify(body) }], { approval: "on-request" });
    expect(r.files["permissions-approval-on-request.md"]).toBe("Ask first.\n\nMore asking rules.");
    expect(r.files["permissions-approved-prefixes.md"]).toBe("## Prefix heading\nThese were approved: ");
    const permissions: PermissionsInfo = { sandbox: "read-only", approval: "on-request", networkAccess: false, configuredWritableRoots: [], tmpExists: true, approvedPrefixes: [["git", "pull"], ["cargo"]] };
    expect(buildPermissionsFragment("/w", permissions, proseOf(r.files)).text).toBe(section);
  });

  it("extracts the summary prefix from the request after a compaction, knowing the server's answer", () => {
    const meta = (kind: string) => ({ client_metadata: { "x-codex-turn-metadata": JSON.stringify({ request_kind: kind, sandbox_mode: "read-only" }) } });
    const compaction = { model: "m", input: [m("user", "task"), { type: "message", role: "user", content: [{ type: "input_text", text: "Summarise, please." }] }], ...meta("compaction") };
    const after = { model: "m", input: [m("user", "task"), m("user", "Earlier work, summarised:\nThe summary."), m("user", "next")], ...meta("turn") };
    const r = calibrateProse([{ file: "1.json", body: JSON.stringify(compaction), replyText: "The summary." }, { file: "2.json", body: JSON.stringify(after) }]);
    expect([r.files["compact-prompt.md"], r.files["compact-summary-prefix.md"], r.sources["compact-summary-prefix"]]).toEqual(["Summarise, please.", "Earlier work, summarised:", "2.json"]);
    const none = calibrateProse([{ file: "1.json", body: JSON.stringify(compaction) }, { file: "2.json", body: JSON.stringify(after) }]);
    expect(none.files["compact-summary-prefix.md"]).toBeUndefined();
  });

  it.each([
    ["{oops", "calibrate/invalid-json"],
    ['{"messages": []}', "calibrate/not-responses"],
  ])("reports %s as %s", (body, rule) => {
    expect(calibrateProse([{ file: "f", body }]).diagnostics[0]?.rule).toBe(rule);
  });

  it("flags a capture from another agent version", () => {
    const r = calibrateProse([{ file: "c", body: JSON.stringify(captured), userAgent: "codex_exec/0.180.0" }], { targetVersion: "0.171.0" });
    expect(r.diagnostics.find((d) => d.rule === "calibrate/version-mismatch")?.data).toEqual({ captured: "0.180.0", target: "0.171.0" });
  });

  it("keeps the first text when two captures disagree", () => {
    const other = { ...captured, input: [m("developer", "Other base."), ...captured.input.slice(1)] };
    const r = calibrateProse([{ file: "a", body: JSON.stringify(captured) }, { file: "b", body: JSON.stringify(other) }]);
    expect(r.files["base-instructions.md"]).toBe("My base prose.\n\nSecond paragraph.");
    expect(r.diagnostics.some((d) => d.rule === "calibrate/conflict" && d.file === "b")).toBe(true);
  });
});
