import { describe, expect, it } from "vitest";
import { collectContextSections, sandboxOfEnvironment } from "../../src/capture/collect-context-sections.js";

const m = (role: string, ...texts: string[]) => ({
  type: "message",
  role,
  content: texts.map((text) => ({ type: "input_text", text })),
});
const fs = (profile: string) => `<filesystem><workspace_roots><root>/w</root></workspace_roots>${profile}</filesystem>`;
const RO = fs(
  '<permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile>',
);
const WW = fs(
  '<permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry><entry access="write"><path>/w</path></entry></file_system></permission_profile>',
);
const FULL = fs('<permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile>');
const env = (filesystem: string, cwd = true) =>
  `<environment_context>\n${cwd ? "  <cwd>/w</cwd>\n" : ""}  ${filesystem}\n</environment_context>`;
const perms = (words: string) => `<permissions instructions>\n${words}\n</permissions instructions>`;

describe("sandboxOfEnvironment", () => {
  it.each([
    ["a managed profile with read entries only", env(RO), "read-only"],
    ["a managed profile with a write entry", env(WW), "workspace-write"],
    ["a disabled profile", env(FULL), "danger-full-access"],
    ["a profile of another type", env(fs('<permission_profile type="external"></permission_profile>')), undefined],
    [
      "an environment without <filesystem>",
      "<environment_context>\n  <cwd>/w</cwd>\n</environment_context>",
      undefined,
    ],
    ["a <filesystem> outside an environment", `not an environment ${RO}`, undefined],
  ])("reads %s as %s", (_, text, sandbox) => {
    expect(sandboxOfEnvironment(text)).toBe(sandbox);
  });
});

describe("collectContextSections", () => {
  it("gives each permissions section the sandbox of the environment that follows it, not the turn's", () => {
    const items = [
      m("developer", "Base."),
      m("developer", perms("Reading only.")),
      m("user", env(RO)),
      m("user", "first"),
      m("assistant", "ok"),
      m("developer", perms("Writing too.")),
      m("user", env(WW, false)),
      m("user", "second"),
    ];
    expect(collectContextSections(items, "c.json", "workspace-write")).toEqual({
      skills: [],
      permissions: [
        { text: perms("Reading only."), sandbox: "read-only", evidence: "filesystem", current: false },
        { text: perms("Writing too."), sandbox: "workspace-write", evidence: "filesystem", current: true },
      ],
      sentences: [],
      diagnostics: [],
    });
  });

  it("keeps the previous sandbox for a section sent without an environment (only the network changed)", () => {
    const items = [
      m("developer", perms("Writing, offline.")),
      m("user", env(WW)),
      m("user", "a"),
      m("developer", perms("Writing, online.")),
      m("user", "b"),
    ];
    expect(collectContextSections(items, "c.json").permissions).toEqual([
      { text: perms("Writing, offline."), sandbox: "workspace-write", evidence: "filesystem", current: false },
      { text: perms("Writing, online."), sandbox: "workspace-write", evidence: "unchanged", current: true },
    ]);
  });

  it("uses the turn metadata for the current section when no environment tells", () => {
    const r = collectContextSections(
      [m("developer", perms("Everything allowed.")), m("user", "go")],
      "c.json",
      "danger-full-access",
    );
    expect(r.permissions).toEqual([
      { text: perms("Everything allowed."), sandbox: "danger-full-access", evidence: "turn-metadata", current: true },
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it("reports a section whose sandbox cannot be told, and one where metadata and environment disagree", () => {
    const unknown = collectContextSections([m("developer", perms("Who knows.")), m("user", "go")], "c.json");
    expect(unknown.permissions).toEqual([{ text: perms("Who knows."), current: true }]);
    expect(unknown.diagnostics.map((d) => [d.rule, d.file])).toEqual([["calibrate/unknown-sandbox", "c.json"]]);
    const mismatch = collectContextSections(
      [m("developer", perms("Reading only.")), m("user", env(RO))],
      "c.json",
      "workspace-write",
    );
    expect(mismatch.permissions).toEqual([{ text: perms("Reading only."), current: true }]);
    expect(mismatch.diagnostics.map((d) => [d.rule, d.data])).toEqual([
      ["calibrate/sandbox-mismatch", { metadata: "workspace-write", filesystem: "read-only" }],
    ]);
  });

  it("takes the session-update sentences, and not the first line of plain AGENTS.md parts", () => {
    const items = [
      m(
        "user",
        "# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nFirst doc line.\n\nMore doc.\n</INSTRUCTIONS>",
        env(RO),
      ),
      m("user", "first"),
      m(
        "developer",
        "<model_switch>\nAnother model now; read on.\n\nNew base words.\n\nSecond paragraph.\n</model_switch>",
      ),
      m(
        "user",
        "# AGENTS.md instructions for /w/b\n\n<INSTRUCTIONS>\nOld docs are void.\n\nDocs of b.\n\nMore of b.\n</INSTRUCTIONS>",
      ),
      m("user", "second"),
      m("user", "# AGENTS.md instructions\n\n<INSTRUCTIONS>\nNo docs any more.\n</INSTRUCTIONS>"),
      m("user", "third"),
      // docs again after a withdrawal: plain, as in an initial context
      m("user", "# AGENTS.md instructions for /w/c\n\n<INSTRUCTIONS>\nDocs of c.\n\nTail.\n</INSTRUCTIONS>"),
    ];
    const r = collectContextSections(items, "c.json");
    expect(r.sentences).toEqual([
      { id: "model-switch", text: "Another model now; read on." },
      { id: "agents-md-replaced", text: "Old docs are void." },
      { id: "agents-md-removed", text: "No docs any more." },
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it.each([
    [
      "a model switch without a blank line after its sentence",
      m("developer", "<model_switch>\nOne line only.\n</model_switch>"),
    ],
    ["an AGENTS.md replacement without its frame", m("user", "# AGENTS.md instructions for /w/b\n\nno frame here")],
    ["an empty AGENTS.md withdrawal", m("user", "# AGENTS.md instructions\n\n<INSTRUCTIONS>\n\n</INSTRUCTIONS>")],
  ])("reports %s as unrecognised", (_, item) => {
    const first = m("user", "# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nDoc.\n</INSTRUCTIONS>");
    const r = collectContextSections([first, item], "c.json");
    expect({ sentences: r.sentences, rules: r.diagnostics.map((d) => d.rule) }).toEqual({
      sentences: [],
      rules: ["calibrate/unrecognised-section"],
    });
  });
});
