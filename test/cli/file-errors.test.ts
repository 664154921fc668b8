// Every verb words a file it cannot read the same way: `promptc VERB: cannot read PATH: reason`, the reason in
// words (not `ENOENT`, `(ENOENT)` or Node's sentence, which repeats the path), on one line, exit 2.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const dir = tempDir("promptc-file-errors-");
mkdirSync(join(dir, ".git"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const gone = (name: string) => join(dir, "missing", name);
const env = { HOME: dir, CODEX_HOME: dir, OPENAI_API_KEY: "k", PROMPTC_HOME: join(dir, ".promptc") };

const CASES: [string, string[], string][] = [
  ["preview --message-file", ["preview", "--message-file", gone("m.txt")], gone("m.txt")],
  ["preview --session", ["preview", "--session", gone("s.jsonl")], gone("s.jsonl")],
  ["preview --scenario", ["preview", "--scenario", gone("s.yaml")], gone("s.yaml")],
  ["preview --config", ["preview", "--config", gone("config.toml")], gone("config.toml")],
  ["preview --base-instructions", ["preview", "--base-instructions", gone("b.md")], gone("b.md")],
  ["preview --prose-dir", ["preview", "--prose-dir", gone("prose")], gone("prose")],
  ["preview --image", ["preview", "-i", gone("i.png"), "-m", "x"], gone("i.png")],
  ["preview --codex-home", ["preview", "--codex-home", gone("codex")], gone("codex")],
  ["tokens", ["tokens", gone("t.txt")], gone("t.txt")],
  ["diff", ["diff", gone("a.json"), gone("b.json")], gone("a.json")],
  ["compact", ["compact", gone("s.jsonl")], gone("s.jsonl")],
  ["calibrate", ["calibrate", gone("c.json"), "-o", join(dir, "prose-out")], gone("c.json")],
  ["run --resume", ["run", "--resume", gone("s.jsonl"), "x"], gone("s.jsonl")],
  ["snapshot --dir", ["snapshot", "--dir", gone("scenarios")], gone("scenarios")],
  ["lint --config", ["lint", "--config", gone("lint.yaml")], gone("lint.yaml")],
  ["lint PATH", ["lint", gone("AGENTS.md")], gone("AGENTS.md")],
];

describe("file errors", () => {
  it.each(CASES)("%s: promptc VERB: cannot read PATH: no such file or directory", async (_name, argv, path) => {
    const c = capture(dir, env);
    expect(await run(argv, c.io)).toBe(2);
    const verb = argv[0];
    expect(
      c
        .err()
        .split("\n")
        .find((l) => l.startsWith(`promptc ${verb}: `)),
    ).toBe(`promptc ${verb}: cannot read ${path}: no such file or directory`);
  });
});
