// Conformance: resuming a logged session. The real Codex CLI runs a turn (`codex exec`), its rollout is copied, then
// Codex resumes it (`codex exec resume <id>`) with and without setting changes. `promptc preview --session <that
// rollout> -m <same message> --profile codex --json`, with prose calibrated from Codex's own first requests
// (`promptc calibrate` → --prose-dir), must equal the resumed request Codex sent, session ids aside.
// Skipped when the binary cannot be found or installed (find-codex.ts).
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import { run } from "../../src/cli/program.js";
import type { CliIO } from "../../src/cli/io.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findCodex } from "./find-codex.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";

const codex = findCodex();
const REPLY = "Done.";
const STUB_INPUT_TOKENS = 100;

interface Body { input: ResponseItem[]; prompt_cache_key: string }

interface Case {
  /** Turn 2 runs in workspace b (its own AGENTS.md) instead of a. */
  moveCwd?: boolean;
  sandbox: [string, string];
}

const CASES = {
  "nothing changed: only the assistant reply and the message are appended": { sandbox: ["read-only", "read-only"] },
  "cwd changed: AGENTS.md replaced and environment, one user message": { moveCwd: true, sandbox: ["read-only", "read-only"] },
  "sandbox workspace-write → read-only: permissions, then environment": { sandbox: ["workspace-write", "read-only"] },
  "cwd and sandbox changed: AGENTS.md, permissions, environment as three messages": { moveCwd: true, sandbox: ["workspace-write", "read-only"] },
} satisfies { [name: string]: Case };
type CaseName = keyof typeof CASES;
const NAMES = Object.keys(CASES) as CaseName[];

interface Run {
  /** The rollout as it was after turn 1 (what `codex exec resume` read). */
  rollout: string;
  bodies: Body[];
  cwd2: string;
  sandbox2: string;
}

const root = mkdtempSync(join(tmpdir(), "promptc-conf-resume-"));
const home = join(root, "home");
const codexHome = join(home, ".codex");

function rolloutOf(dir: string): string {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.startsWith("rollout-") && e.name.endsWith(".jsonl")) found.push(join(d, e.name));
    }
  };
  walk(join(dir, "sessions"));
  if (found.length !== 1) throw new Error(`expected one rollout under ${dir}, found ${found.length}`);
  return found[0]!;
}

async function runSession(bin: string, name: string, c: Case): Promise<Run> {
  const bodies: Body[] = [];
  const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: STUB_INPUT_TOKENS });
  const dir = join(root, name.replace(/\W+/g, "-"));
  const a = join(dir, "ws", "a");
  const b = join(dir, "ws", "b");
  try {
    for (const d of [codexHome, join(dir, "ws", ".git"), a, b]) mkdirSync(d, { recursive: true });
    rmSync(join(codexHome, "sessions"), { recursive: true, force: true });
    writeFileSync(join(dir, "ws", "AGENTS.md"), "Resume workspace: keep answers short.\n");
    writeFileSync(join(b, "AGENTS.md"), "Workspace b: list files first.\n");
    writeFileSync(join(codexHome, "config.toml"), `model = "gpt-5.2-codex"\nmodel_provider = "stub"\n${stubProviderToml(stub.baseUrl)}`);
    const env = { ...process.env, HOME: home, CODEX_HOME: codexHome, STUB_KEY: "x" };
    const exec = (cwd: string, args: string[]) =>
      new Promise<string>((resolve) => {
        const child = execFile(bin, ["exec", "--skip-git-repo-check", ...args], { cwd, env, timeout: 150_000 }, (err, stdout, stderr) =>
          resolve(`exit ${err ? String(err.code ?? err.message) : 0}\n${stdout}${stderr}`),
        );
        child.stdin?.end(); // codex exec reads extra input from a non-TTY stdin until EOF
      });
    const out1 = await exec(a, ["-s", c.sandbox[0], "first task"]);
    if (bodies.length !== 1) throw new Error(`turn 1 sent ${bodies.length} requests:\n${out1}`);
    const rollout = join(dir, "rollout-1.jsonl");
    copyFileSync(rolloutOf(codexHome), rollout);
    const cwd2 = c.moveCwd ? b : a;
    const out2 = await exec(cwd2, ["-s", c.sandbox[1], "resume", bodies[0]!.prompt_cache_key, "second task"]);
    if ((bodies.length as number) !== 2) throw new Error(`the resumed turn sent ${bodies.length - 1} requests:\n${out2}`);
    return { rollout, bodies, cwd2, sandbox2: c.sandbox[1] };
  } finally {
    await stub.close();
  }
}

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), isTTY: false, env: { HOME: home, CODEX_HOME: codexHome, PATH: process.env.PATH }, cwd: root };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Codex's AGENTS.md replacement sentence is its prose: taken from the items a resumed request appended. */
function replacementSentence(runs: Iterable<Run>): string | undefined {
  for (const r of runs) {
    for (const item of r.bodies[1]!.input.slice(r.bodies[0]!.input.length)) {
      for (const part of item.type === "message" ? item.content : []) {
        const m = "text" in part ? /^# AGENTS\.md instructions for [^\n]*\n\n<INSTRUCTIONS>\n([^\n]+)\n\n/.exec(part.text) : null;
        if (m) return m[1];
      }
    }
  }
  return undefined;
}

describe.skipIf("skip" in codex)(`codex-cli ${"version" in codex ? codex.version : "(missing)"} resume vs promptc preview --session`, () => {
  const runs = new Map<CaseName, Run>();
  const proseDir = join(root, "prose");
  let calibrated = "";

  beforeAll(async () => {
    if (!("bin" in codex)) return;
    for (const name of NAMES) runs.set(name, await runSession(codex.bin, name, CASES[name]));
    // Prose from Codex's first requests only (read-only and workspace-write turns), plus the replacement sentence.
    const firsts = [...runs.values()].map((r, k) => {
      const file = join(root, `turn1-${k}.request.json`);
      writeFileSync(file, JSON.stringify(r.bodies[0]));
      return file;
    });
    const cal = await cli(["calibrate", ...firsts, "--profile", "codex", "-o", proseDir]);
    calibrated = `${cal.code}\n${cal.stdout}${cal.stderr}`;
    const sentence = replacementSentence(runs.values());
    if (sentence !== undefined) writeFileSync(join(proseDir, "agents-md-replaced.md"), sentence);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("calibrated the prose from Codex's first requests", () => {
    expect(calibrated).toMatch(/^0\n/);
    expect(readdirSync(proseDir).sort()).toEqual(expect.arrayContaining(["agents-md-replaced.md", "base-instructions.md", "permissions-sandbox-read-only.md", "permissions-sandbox-workspace-write.md", "tools.yaml"]));
  });

  it.each(NAMES)("%s", async (name) => {
    const r = runs.get(name)!;
    const preview = await cli(["preview", "--session", r.rollout, "-C", r.cwd2, "--codex-home", codexHome, "--sandbox", r.sandbox2, "-m", "second task", "--profile", "codex", "--prose-dir", proseDir, "--json"]);
    expect({ code: preview.code, stderr: preview.stderr }).toEqual({ code: 0, stderr: "" });
    const ours = JSON.parse(preview.stdout) as Body;
    // Codex's base instructions item is not in its rollout: promptc took it from session_meta.
    expect(ours.input.length).toBe(r.bodies[1]!.input.length);
    expect(withoutSessionData(ours)).toEqual(withoutSessionData(r.bodies[1]!));
    // Key order and bytes too, not only the parsed values.
    expect(JSON.stringify(withoutSessionData(ours))).toBe(JSON.stringify(withoutSessionData(r.bodies[1]!)));
  });

  it("the cases exercised what they name (appended items per case)", () => {
    const appended = (name: CaseName) =>
      runs
        .get(name)!
        .bodies[1]!.input.slice(runs.get(name)!.bodies[0]!.input.length)
        .map((i) => (i.type === "message" ? `${i.role}:${i.content.map((c) => ("text" in c ? c.text.split(/[\s>]/, 1)[0] : c.type)).join("+")}` : i.type));
    expect(NAMES.map(appended)).toEqual([
      ["assistant:Done.", "user:second"],
      ["assistant:Done.", "user:#+<environment_context", "user:second"],
      ["assistant:Done.", "developer:<permissions", "user:<environment_context", "user:second"],
      ["assistant:Done.", "user:#", "developer:<permissions", "user:<environment_context", "user:second"],
    ]);
  });
});
