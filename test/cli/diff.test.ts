import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { requestFromJson } from "../../src/cli/commands/diff.js";
import { capture, tempDir } from "./cli-capture.js";

const user = (text: string) => ({ type: "message", role: "user", content: [{ type: "input_text", text }] });
const body = (input: unknown[], extra: object = {}) => ({
  model: "m",
  input,
  tools: [],
  prompt_cache_key: "k",
  ...extra,
});
const env = (cwd: string) => user(`<environment_context>\n  <cwd>${cwd}</cwd>\n</environment_context>`);

function files(a: unknown, b: unknown): { dir: string; a: string; b: string } {
  const dir = tempDir("promptc-diff-");
  writeFileSync(join(dir, "a.json"), typeof a === "string" ? a : JSON.stringify(a));
  writeFileSync(join(dir, "b.json"), typeof b === "string" ? b : JSON.stringify(b));
  return { dir, a: "a.json", b: "b.json" };
}

describe("promptc diff", () => {
  it("exits 0 and says B extends A when only items were appended", async () => {
    const f = files(body([env("/a"), user("hi")]), body([env("/a"), user("hi"), user("more")]));
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b, "--min-cacheable", "1", "--block", "1"], c.io)).toBe(0);
    const lines = c.out().split("\n");
    expect(lines[2]).toMatch(/^common prefix: 2\/2 items of A, \d+ tokens, \d+ bytes$/);
    expect(lines[3]).toBe("first divergence: none — B extends A by 1 item(s)");
    expect(lines[4]).toBe("why: nothing changed in the cached part");
    expect(lines[5]).toMatch(/^cache: \d+ tokens reusable, \d+ re-billed \(prefix cache from 1 tokens, blocks of 1\)$/);
  });

  it("exits 1 and names the rewritten item, its first byte and why", async () => {
    const f = files(body([env("/a"), user("hi")]), body([env("/b"), user("hi")]));
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b], c.io)).toBe(1);
    expect(c.out()).toMatch(
      /first divergence: input\[0\] at byte \d+ \(byte \d+ of the item\)\n  A: user <environment_context>  …\S.*\n  B: user <environment_context>  …\S.*\nwhy: item-rewritten: input\[0\] \(user <environment_context>\) rewritten in place/,
    );
  });

  it("shows the bytes around the first difference on each side, so equal labels still tell what changed", async () => {
    const f = files(body([env("/a"), user("hi")]), body([env("/b"), user("hi")]));
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b], c.io)).toBe(1);
    const lines = c.out().split("\n");
    expect(lines.filter((l) => /^  [AB]: /.test(l))).toEqual([
      '  A: user <environment_context>  …{"text":"<environment_context>\\n  <cwd>/▶a</cwd>\\n</environment_context>","type":…',
      '  B: user <environment_context>  …{"text":"<environment_context>\\n  <cwd>/▶b</cwd>\\n</environment_context>","type":…',
    ]);
  });

  it("keeps a JSON syntax error on one line even when V8 quotes text with newlines", async () => {
    const f = files("# title\nmore text\n", body([user("x")]));
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b], c.io)).toBe(2);
    expect(c.err()).toBe(
      `promptc diff: a.json is not valid JSON: Unexpected token '#', "# title\\nmore text\\n" is not valid JSON\n`,
    );
  });

  it("ignores item ids, prompt_cache_key and client_metadata with --ignore-session (a capture vs a prediction)", async () => {
    const withId = (id: string, text: string) => ({ ...user(text), id });
    const f = files(
      body([withId("msg_a", "hi")], { prompt_cache_key: "k1", client_metadata: { session_id: "1" } }),
      body([withId("msg_b", "hi")], { prompt_cache_key: "k2", client_metadata: { session_id: "2" } }),
    );
    expect(await run(["diff", f.a, f.b], capture(f.dir).io)).toBe(1);
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b, "--ignore-session"], c.io)).toBe(0);
    expect(c.out()).toMatch(/first divergence: none/);
  });

  it("prints the whole analysis as JSON", async () => {
    const f = files(body([user("x")]), body([user("x")], { prompt_cache_key: "other" }));
    const c = capture(f.dir);
    expect(await run(["diff", f.a, f.b, "--json", "--approx"], c.io)).toBe(1);
    const j = JSON.parse(c.out());
    expect({
      cause: j.cause,
      tokens: j.tokens,
      reusable: j.reusableTokens,
      why: j.why,
      partition: j.partitionChanges,
    }).toEqual({
      cause: "prompt-cache-key-changed",
      tokens: "approx",
      reusable: 0,
      why: ["prompt_cache_key changed from k to other"],
      partition: [{ field: "prompt_cache_key", a: "k", b: "other" }],
    });
  });

  it("compares two turns of a scenario and explains a tools change", async () => {
    const c = capture(process.cwd());
    expect(await run(["diff", "fixtures/scenarios/cache-break.yaml", "--turns", "1,2"], c.io)).toBe(1);
    expect(c.out()).toContain("why: tools-changed: tools changed: changed web_search");
    const ok = capture(process.cwd());
    expect(await run(["diff", "fixtures/scenarios/cwd-change.yaml"], ok.io)).toBe(0);
    expect(ok.out()).toContain("A: fixtures/scenarios/cwd-change.yaml turn 1");
  });

  it.each([
    [["diff", "nope.json", "b.json"], /cannot read nope\.json/],
    [["diff", "a.json", "bad.json"], /bad\.json is not valid JSON/],
    [["diff", "a.json", "arr.json"], /arr\.json is not a request body/],
    [["diff", "a.json"], /a\.json is neither a scenario nor a session log with requests/],
    [["diff", "s.yaml", "--turns", "1,9"], /turn 9 is out of range \(the scenario has 2 turns\)/],
    [["diff", "s.yaml", "--turns", "x"], /--turns expects two turn numbers/],
    [["diff", "a.json", "a.json", "--block", "0"], /whole numbers/],
    [
      ["diff", "a.json", "parts.json"],
      /parts\.json is not a request body: \$\.input\[0\]\.content\[0\]\.text must be a string; \$\.input\[1\] must be an object/,
    ],
    [["diff", "tools.json", "a.json"], /tools\.json is not a request body: \$\.tools must be an array/],
  ])("exits 2 on bad usage: %j", async (argv, message) => {
    const f = files(body([user("x")]), body([user("x")]));
    writeFileSync(join(f.dir, "bad.json"), "{ nope");
    writeFileSync(join(f.dir, "arr.json"), "[1, 2]");
    // Malformed bodies are usage errors with a JSON path, never a crash inside the analysis.
    writeFileSync(
      join(f.dir, "parts.json"),
      JSON.stringify({ input: [{ type: "message", role: "user", content: [{ type: "input_text" }] }, 5] }),
    );
    writeFileSync(join(f.dir, "tools.json"), JSON.stringify({ input: [], tools: 5 }));
    writeFileSync(
      join(f.dir, "s.yaml"),
      `profile: codex\nsession: { id: s, date: "2026-11-29", timezone: Etc/UTC, shell: bash }\nsettings: { cwd: /r }\nfiles: { /r/x: "x" }\nturns: [{ user: a }, { user: b }]\n`,
    );
    const c = capture(f.dir);
    expect(await run(argv, c.io)).toBe(2);
    expect(c.err()).toMatch(message);
  });
});

describe("requestFromJson", () => {
  it("accepts a body or an object carrying one under request", () => {
    const b = body([user("x")]);
    expect([requestFromJson(b), requestFromJson({ request: b }), requestFromJson([]), requestFromJson(null)]).toEqual([
      b,
      b,
      undefined,
      undefined,
    ]);
  });
});
