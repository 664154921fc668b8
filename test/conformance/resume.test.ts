// Conformance: resuming a logged session. The real Codex CLI runs a turn (`codex exec`), its rollout is copied, then
// Codex resumes it (`codex exec resume <id>`) with and without setting changes. `promptc preview --session <that
// rollout> -m <same message> --profile codex --json`, with prose calibrated from Codex's own requests — first and
// resumed turns together (`promptc calibrate` → --prose-dir) —, must equal the resumed request Codex sent, session
// ids aside. Calibration itself is checked too: a resumed request carries a permissions section per sandbox it saw
// and the session-update sentences (model switch, AGENTS.md replaced/withdrawn).
// Skipped when the binary cannot be found or installed (find-agent.ts).
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import { run } from "../../src/cli/program.js";
import type { CliIO } from "../../src/cli/io.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const REPLY = "Done.";
const STUB_INPUT_TOKENS = 100;

interface Body {
  input: ResponseItem[];
  prompt_cache_key: string;
}

interface Case {
  /** Turn 2 runs in workspace b (its own AGENTS.md) instead of a. */
  moveCwd?: boolean;
  sandbox: [string, string];
  /** The workspace's AGENTS.md is deleted before turn 2. */
  removeAgentsMd?: boolean;
  /** Extra `codex exec` options of turn 2, and config.toml lines that say the same to preview. */
  turn2?: { args: string[]; toml: string };
}

const CASES = {
  "nothing changed: only the assistant reply and the message are appended": { sandbox: ["read-only", "read-only"] },
  "cwd changed: AGENTS.md replaced and environment, one user message": {
    moveCwd: true,
    sandbox: ["read-only", "read-only"],
  },
  "sandbox workspace-write → read-only: permissions, then environment": { sandbox: ["workspace-write", "read-only"] },
  "cwd and sandbox changed: AGENTS.md, permissions, environment as three messages": {
    moveCwd: true,
    sandbox: ["workspace-write", "read-only"],
  },
  "network access granted: permissions without an environment": {
    sandbox: ["workspace-write", "workspace-write"],
    turn2: {
      args: ["-c", "sandbox_workspace_write.network_access=true"],
      toml: "[sandbox_workspace_write]\nnetwork_access = true\n",
    },
  },
  "AGENTS.md deleted: one user message withdrawing it": { removeAgentsMd: true, sandbox: ["read-only", "read-only"] },
} satisfies { [name: string]: Case };
type CaseName = keyof typeof CASES;
const NAMES = Object.keys(CASES) as CaseName[];
/** Base instructions in our own words for the model switched to (Codex reads them from model_instructions_file). */
const SWITCHED_MODEL_WORDS = "Base words for the model switched to, written for this test.";

interface Run {
  /** The rollout as it was after turn 1 (what `codex exec resume` read). */
  rollout: string;
  bodies: Body[];
  cwd2: string;
  sandbox2: string;
  /** config.toml for preview when turn 2 had extra settings. */
  config2?: string;
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
    const config = `model = "gpt-5.2-codex"\nmodel_provider = "stub"\n${stubProviderToml(stub.baseUrl)}`;
    writeFileSync(join(codexHome, "config.toml"), config);
    const env = { ...process.env, HOME: home, CODEX_HOME: codexHome, STUB_KEY: "x" };
    const exec = (cwd: string, args: string[]) =>
      new Promise<string>((resolve) => {
        const child = execFile(
          bin,
          ["exec", "--skip-git-repo-check", ...args],
          { cwd, env, timeout: 150_000 },
          (err, stdout, stderr) => resolve(`exit ${err ? String(err.code ?? err.message) : 0}\n${stdout}${stderr}`),
        );
        child.stdin?.end(); // codex exec reads extra input from a non-TTY stdin until EOF
      });
    const out1 = await exec(a, ["-s", c.sandbox[0], "first task"]);
    if (bodies.length !== 1) throw new Error(`turn 1 sent ${bodies.length} requests:\n${out1}`);
    const rollout = join(dir, "rollout-1.jsonl");
    copyFileSync(rolloutOf(codexHome), rollout);
    if (c.removeAgentsMd) rmSync(join(dir, "ws", "AGENTS.md"));
    const cwd2 = c.moveCwd ? b : a;
    const out2 = await exec(cwd2, [
      "-s",
      c.sandbox[1],
      ...(c.turn2?.args ?? []),
      "resume",
      bodies[0]!.prompt_cache_key,
      "second task",
    ]);
    if ((bodies.length as number) !== 2)
      throw new Error(`the resumed turn sent ${bodies.length - 1} requests:\n${out2}`);
    const run: Run = { rollout, bodies, cwd2, sandbox2: c.sandbox[1] };
    if (c.turn2 !== undefined) {
      run.config2 = join(dir, "config2.toml");
      writeFileSync(run.config2, config + c.turn2.toml);
    }
    return run;
  } finally {
    await stub.close();
  }
}

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env: { HOME: home, CODEX_HOME: codexHome, PATH: process.env.PATH },
    cwd: root,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

/** Writes each body as a capture file; returns the paths (calibrate's arguments). */
function writeBodies(prefix: string, bodies: Body[]): string[] {
  return bodies.map((body, k) => {
    const file = join(root, `${prefix}-${k}.request.json`);
    writeFileSync(file, JSON.stringify(body));
    return file;
  });
}

const proseFiles = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => [f, readFileSync(join(dir, f), "utf8")]),
  );

/** The text parts of the items a resumed request appended after turn 1's input. */
const appendedTexts = (r: Run) =>
  r.bodies[1]!.input.slice(r.bodies[0]!.input.length).flatMap((i) =>
    i.type === "message" ? i.content.flatMap((c) => ("text" in c ? [c.text] : [])) : [],
  );

describe.skipIf(skipBecause("conformance codex-cli resume", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : "(missing)"} resume vs promptc preview --session`,
  () => {
    const runs = new Map<CaseName, Run>();
    let modelSwitch: Run | undefined;
    const firstProse = join(root, "prose-first");
    const proseDir = join(root, "prose");
    const calibrated: { [what: string]: string } = {};
    const calibrate = async (what: string, files: string[], out: string) => {
      const r = await cli(["calibrate", ...files, "--profile", "codex", "-o", out]);
      calibrated[what] = `${r.code}\n${r.stderr}`;
    };

    beforeAll(async () => {
      if (!("bin" in codex)) return;
      for (const name of NAMES) runs.set(name, await runSession(codex.bin, name, CASES[name]));
      const words = join(root, "switched-model.md");
      writeFileSync(words, SWITCHED_MODEL_WORDS + "\n");
      modelSwitch = await runSession(codex.bin, "model switch", {
        sandbox: ["read-only", "read-only"],
        turn2: { args: ["-m", "o3", "-c", `model_instructions_file=${JSON.stringify(words)}`], toml: "" },
      });
      const all = [...runs.values()];
      await calibrate(
        "first",
        writeBodies(
          "turn1",
          all.map((r) => r.bodies[0]!),
        ),
        firstProse,
      );
      // What preview uses: first and resumed requests together.
      await calibrate(
        "all",
        [
          ...writeBodies(
            "turn1",
            all.map((r) => r.bodies[0]!),
          ),
          ...writeBodies(
            "turn2",
            all.map((r) => r.bodies[1]!),
          ),
        ],
        proseDir,
      );
      // The reported bug: a resumed request alone, whose turn switched workspace-write → read-only.
      await calibrate(
        "resumed",
        writeBodies("sandbox", [
          runs.get("sandbox workspace-write → read-only: permissions, then environment")!.bodies[1]!,
        ]),
        join(root, "prose-resumed"),
      );
      await calibrate("model-switch", writeBodies("switch", [modelSwitch.bodies[1]!]), join(root, "prose-switch"));
    });
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("calibrated the prose from Codex's first requests", () => {
      expect(calibrated.first).toMatch(/^0\n/);
      expect(readdirSync(firstProse).sort()).toEqual(
        expect.arrayContaining([
          "base-instructions.md",
          "permissions-sandbox-read-only.md",
          "permissions-sandbox-workspace-write.md",
          "tools.yaml",
        ]),
      );
    });

    it("calibrates first and resumed requests together without a conflict: the first requests' prose plus the AGENTS.md sentences", () => {
      expect(calibrated.all).toMatch(/^0\n/);
      expect(calibrated.all).not.toMatch(/warning/);
      const first = proseFiles(firstProse);
      const all = proseFiles(proseDir);
      expect(Object.keys(all).sort()).toEqual(
        [...Object.keys(first), "agents-md-removed.md", "agents-md-replaced.md"].sort(),
      );
      expect(all).toMatchObject(first);
      // Each sentence is a line of what Codex appended (the byte-exact previews below check where it goes).
      const appended = [...runs.values()].flatMap(appendedTexts).join("\n");
      for (const name of ["agents-md-removed.md", "agents-md-replaced.md"])
        expect(appended).toContain(`<INSTRUCTIONS>\n${all[name]}\n`);
    });

    it("files each permissions section of a resumed request under its own sandbox (workspace-write → read-only)", () => {
      expect(calibrated.resumed).toMatch(/^0\n/);
      expect(calibrated.resumed).not.toMatch(/warning/);
      const first = proseFiles(firstProse);
      const resumed = proseFiles(join(root, "prose-resumed"));
      const names = [
        "permissions-sandbox-read-only.md",
        "permissions-sandbox-workspace-write.md",
        "permissions-writable-roots.md",
        "permissions-approval-never.md",
      ];
      expect(names.map((n) => resumed[n])).toEqual(names.map((n) => first[n]));
      expect(resumed["permissions-sandbox-read-only.md"]).not.toBe(resumed["permissions-sandbox-workspace-write.md"]);
    });

    it("learns the model-switch sentence: it rebuilds Codex's model switch around our own base words", () => {
      expect(calibrated["model-switch"]).toMatch(/^0\n/);
      const sentence = readFileSync(join(root, "prose-switch", "model-switch.md"), "utf8");
      expect(appendedTexts(modelSwitch!)).toEqual([
        "Done.",
        `<model_switch>\n${sentence}\n\n${SWITCHED_MODEL_WORDS}\n</model_switch>`,
        "second task",
      ]);
    });

    it.each(NAMES)("%s", async (name) => {
      const r = runs.get(name)!;
      const config = r.config2 !== undefined ? ["--config", r.config2] : [];
      const preview = await cli([
        "preview",
        "--session",
        r.rollout,
        "-C",
        r.cwd2,
        "--codex-home",
        codexHome,
        ...config,
        "--sandbox",
        r.sandbox2,
        "-m",
        "second task",
        "--profile",
        "codex",
        "--prose-dir",
        proseDir,
        "--json",
      ]);
      // Only info lines (which approval entry point is shown) may go to stderr: no warning, no error.
      const notInfo = preview.stderr.split("\n").filter((l) => l !== "" && !l.startsWith("info "));
      expect({ code: preview.code, stderr: notInfo }).toEqual({ code: 0, stderr: [] });
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
          .map((i) =>
            i.type === "message"
              ? `${i.role}:${i.content.map((c) => ("text" in c ? c.text.split(/[\s>]/, 1)[0] : c.type)).join("+")}`
              : i.type,
          );
      expect(NAMES.map(appended)).toEqual([
        ["assistant:Done.", "user:second"],
        ["assistant:Done.", "user:#+<environment_context", "user:second"],
        ["assistant:Done.", "developer:<permissions", "user:<environment_context", "user:second"],
        ["assistant:Done.", "user:#", "developer:<permissions", "user:<environment_context", "user:second"],
        ["assistant:Done.", "developer:<permissions", "user:second"],
        ["assistant:Done.", "user:#", "user:second"],
      ]);
    });
  },
);
