// Every verb that uses the codex profile says in one line when the installed Codex is another version than the
// profile targets (an npm install of @openai/codex 0.172.0 on PATH, made for the test; no calibration cached).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { capture, tempDir } from "./cli-capture.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BASIC = join(ROOT, "fixtures/workspaces/basic");
const SCENARIO = join(ROOT, "fixtures/scenarios/two-turn.yaml");
const LINE = /^.*Codex versions differ: installed Codex 0\.172\.0, profile targets 0\.171\.0; .*$/gm;

let env: { [key: string]: string } = {};
beforeAll(() => {
  const dir = tempDir("promptc-version-line-");
  const pkg = join(dir, "node_modules", "@openai", "codex");
  mkdirSync(join(pkg, "bin"), { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "@openai/codex", version: "0.172.0" }));
  writeFileSync(join(pkg, "bin", "codex.js"), "#!/bin/sh\n", { mode: 0o755 });
  mkdirSync(join(dir, "bin"));
  symlinkSync(join(pkg, "bin", "codex.js"), join(dir, "bin", "codex"));
  mkdirSync(join(dir, "home"));
  env = { PATH: join(dir, "bin"), HOME: join(dir, "home"), XDG_CACHE_HOME: join(dir, "cache"), CI: "1" };
});

describe("the Codex version line", () => {
  it.each<[string, string[]]>([
    ["preview", ["preview", "--profile", "codex", "-C", BASIC, "hi"]],
    ["preview --json", ["preview", "--profile", "codex", "-C", BASIC, "--json", "hi"]],
    ["preview --scenario", ["preview", "--scenario", SCENARIO]],
    ["snapshot", ["snapshot", SCENARIO]],
    ["diff of a scenario's turns", ["diff", SCENARIO, "--turns", "1,2"]],
    ["compact of a scenario", ["compact", SCENARIO]],
    ["run --dry-run", ["run", "--profile", "codex", "-C", BASIC, "--dry-run", "hi"]],
  ])("%s prints it once", async (_name, argv) => {
    const c = capture(ROOT, env);
    await run(argv, c.io);
    expect(`${c.out()}\n${c.err()}`.match(LINE)?.length, `${c.out()}\n${c.err()}`).toBe(1);
  });
});
