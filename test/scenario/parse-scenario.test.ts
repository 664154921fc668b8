import { describe, expect, it } from "vitest";
import { jsonPath, parseScenario, resolveAgainst } from "../../src/scenario/parse-scenario.js";
import { settingsAtTurn } from "../../src/scenario/scenario.js";

const good = `profile: codex
codexHome: ./home
session: { id: "s-1", date: "2026-11-29", timezone: Etc/UTC, shell: bash }
settings: { cwd: /repo, sandbox: read-only, approval: never, model: gpt-5.2-codex }
turns:
  - user: "hello"
    assistant: "Done."
  - settings: { cwd: ../other, date: "2026-11-30" }
    user: "second message"
`;

describe("parseScenario", () => {
  it("parses a valid YAML scenario and resolves paths against the file", () => {
    const r = parseScenario(good, "/proj/fixtures/scenarios/two-turn.yaml");
    expect(r).toEqual({
      value: {
        file: "/proj/fixtures/scenarios/two-turn.yaml",
        name: "two-turn",
        profile: "codex",
        codexHome: "/proj/fixtures/scenarios/home",
        session: { id: "s-1", date: "2026-11-29", timezone: "Etc/UTC", shell: "bash" },
        settings: { cwd: "/repo", sandbox: "read-only", approval: "never", model: "gpt-5.2-codex" },
        turns: [
          { user: "hello", assistant: "Done." },
          { settings: { cwd: "/proj/fixtures/other", date: "2026-11-30" }, user: "second message" },
        ],
      },
      diagnostics: [],
    });
  });

  it("parses the same scenario written as JSON", () => {
    const json = JSON.stringify({
      profile: "promptc",
      session: { id: "x" },
      settings: { cwd: "/r" },
      turns: [{ user: "hi" }],
    });
    expect(parseScenario(json, "/s/a.json").value?.name).toBe("a");
  });

  it.each([
    {
      name: "bad enum",
      text: good.replace("sandbox: read-only", "sandbox: readonly"),
      message: '$.settings.sandbox: must be one of "read-only", "workspace-write", "danger-full-access"',
      line: 4,
    },
    {
      name: "unknown key",
      text: good.replace("    assistant:", "    asistant:"),
      message: '$.turns[0].asistant: unknown key "asistant"',
      line: 7,
    },
    {
      name: "missing user",
      text: good.replace('    user: "second message"\n', ""),
      message: '$.turns[1]: missing required key "user"',
      line: 8,
    },
    {
      name: "bad date",
      text: good.replace('date: "2026-11-30"', 'date: "30/11/2026"'),
      message: '$.turns[1].settings.date: must match pattern "^\\d{4}-\\d{2}-\\d{2}$"',
      line: 8,
    },
    {
      name: "missing cwd",
      text: good.replace("cwd: /repo, ", ""),
      message: '$.settings: missing required key "cwd"',
      line: 4,
    },
    {
      name: "empty turns",
      text: good.replace(/turns:[\s\S]*/, "turns: []\n"),
      message: "$.turns: must NOT have fewer than 1 items",
      line: 5,
    },
    {
      name: "message item without role",
      text: good.replace('    assistant: "Done."', "    items: [{ type: message, content: [] }]"),
      message: '$.turns[0].items[0]: missing required key "role"',
      line: 7,
    },
    // Items must be well-formed: a part or call with a missing field would reach the request (or crash) otherwise.
    {
      name: "text part without text",
      text: good.replace(
        '    assistant: "Done."',
        "    items: [{ type: message, role: assistant, content: [{ type: output_text }] }]",
      ),
      message: '$.turns[0].items[0].content[0]: missing required key "text"',
      line: 7,
    },
    {
      name: "function call without arguments",
      text: good.replace('    assistant: "Done."', "    items: [{ type: function_call, name: f, call_id: c }]"),
      message: '$.turns[0].items[0]: missing required key "arguments"',
      line: 7,
    },
    {
      name: "reasoning without summary",
      text: good.replace('    assistant: "Done."', "    items: [{ type: reasoning }]"),
      message: '$.turns[0].items[0]: missing required key "summary"',
      line: 7,
    },
    {
      name: "call output of the wrong type",
      text: good.replace(
        '    assistant: "Done."',
        "    items: [{ type: function_call_output, call_id: c, output: 42 }]",
      ),
      message: "$.turns[0].items[0].output: must be a string or an array of content parts",
      line: 7,
    },
    {
      name: "image part without URL",
      text: good.replace(
        '    assistant: "Done."',
        "    items: [{ type: message, role: user, content: [{ type: input_image }] }]",
      ),
      message: '$.turns[0].items[0].content[0]: missing required key "image_url"',
      line: 7,
    },
  ])("reports $name with file, JSON path and line", ({ text, message, line }) => {
    const r = parseScenario(text, "/s/t.yaml");
    expect(r.value).toBeUndefined();
    expect(r.diagnostics.map((d) => ({ rule: d.rule, message: d.message, file: d.file, line: d.place?.line }))).toEqual(
      [{ rule: "scenario/schema", message, file: "/s/t.yaml", line }],
    );
  });

  it.each([
    [
      "broken YAML (reported where the input ends)",
      "profile: codex\nsettings: [unclosed\n",
      { rule: "scenario/syntax", line: 3 },
    ],
    ["duplicate keys", "profile: codex\nprofile: promptc\n", { rule: "scenario/syntax", line: 2 }],
    ["an empty file", "", { rule: "scenario/empty", line: undefined }],
    ["broken JSON", '{"profile": "codex",', { rule: "scenario/syntax", line: 1 }],
  ])("reports %s without throwing, with the line", (_name, text, first) => {
    const r = parseScenario(text, "/s/t.yaml");
    expect(r.value).toBeUndefined();
    expect(r.diagnostics.map((d) => ({ rule: d.rule, line: d.place?.line }))[0]).toEqual(first);
  });
});

describe("settingsAtTurn", () => {
  it("applies every override up to the turn, session values first", () => {
    const s = parseScenario(good, "/w/s.yaml").value!;
    expect([settingsAtTurn(s, 0), settingsAtTurn(s, 1)]).toEqual([
      {
        date: "2026-11-29",
        timezone: "Etc/UTC",
        shell: "bash",
        cwd: "/repo",
        sandbox: "read-only",
        approval: "never",
        model: "gpt-5.2-codex",
      },
      {
        date: "2026-11-30",
        timezone: "Etc/UTC",
        shell: "bash",
        cwd: "/other",
        sandbox: "read-only",
        approval: "never",
        model: "gpt-5.2-codex",
      },
    ]);
  });
});

describe("jsonPath", () => {
  it("quotes keys that are not identifiers", () => {
    expect(jsonPath(["turns", 2, "a-b"])).toBe('$.turns[2]["a-b"]');
  });
});

describe("resolveAgainst", () => {
  it.each([
    ["/a/b/s.yaml", "./home", "/a/b/home"],
    ["/a/b/s.yaml", "../x/./y", "/a/x/y"],
    ["/a/b/s.yaml", "/abs/dir/", "/abs/dir"],
  ])("resolves %s + %s", (file, rel, out) => {
    expect(resolveAgainst(file, rel)).toBe(out);
  });
});
