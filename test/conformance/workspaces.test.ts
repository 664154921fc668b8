// Conformance: the real Codex CLI 0.171.0 on every fixture workspace, captured through promptc's own capture
// server, against promptc's codex profile. (1) With stand-in prose: same items, roles, order and content-item
// order; data-derived parts byte-identical; prose parts by position. (2) After `calibrate` on the capture:
// the whole input byte-identical (item ids excepted), and the tools. Skips when Codex cannot be found or installed.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { codexAdapter } from "../../src/capture/adapters/codex.js";
import { run } from "../../src/cli/program.js";
import { calibrateProse } from "../../src/capture/calibrate-prose.js";
import { runCapture } from "../../src/capture/server/run-capture.js";
import { compile } from "../../src/compile/index.js";
import { loadProse } from "../../src/discover/load-prose.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import { matchFragment } from "../../src/fragments/markers.js";
import { createNodeHost } from "../../src/host/node-host.js";
import type { SandboxMode } from "../../src/model/turn-context.js";
import { findAgent, type FindAgentResult } from "./find-agent.js";

const WORKSPACES = fileURLToPath(new URL("../../fixtures/workspaces/", import.meta.url));
/** Working directory inside each scenario (fixtures/workspaces/README.md); the root when not listed. */
const CWD_OF: { [scenario: string]: string } = { basic: "packages/api", budget: "a/b", "edge-bytes": "docs" };
/** A message mentioning skills where the scenario has them, so `<skill>` injection is checked too. */
const MESSAGE_OF: { [scenario: string]: (ws: string) => string } = {
  basic: () => "use $release-notes for the next tag",
  // A plain mention, one of a skill Codex does not list (implicit invocation off), and a linked mention.
  "skills-edge": (ws) => `use $folded, $quiet and [$zeta](${ws}/.codex/skills/zeta/SKILL.md)`,
};
/** Sandbox × whether $TMPDIR is set (Codex adds it to the writable roots, not to `<filesystem>`). */
const CASES: [SandboxMode, boolean][] = [
  ["read-only", false],
  ["workspace-write", false],
  ["workspace-write", true],
  ["danger-full-access", false],
];

type Obj = { [key: string]: unknown };
interface Item {
  type: string;
  id?: string;
  role?: string;
  content?: { type: string; text?: string }[];
}
interface Body {
  input: Item[];
  tools: unknown[];
  prompt_cache_key: string;
  [key: string]: unknown;
}

const scenarios = existsSync(WORKSPACES)
  ? readdirSync(WORKSPACES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(WORKSPACES, d.name, ".codex-home")))
      .map((d) => d.name)
  : [];

let codex: FindAgentResult = { skip: "not looked up yet" };
beforeAll(() => {
  codex = findAgent("codex");
  if ("skip" in codex) console.log(`conformance: skipped: ${codex.skip}`);
  else console.log(`conformance: ${codex.bin} (${codex.version}); scenarios: ${scenarios.join(", ")}`);
});

const withoutId = (item: Item): Item => {
  const { id: _id, ...rest } = item;
  return rest;
};

/** The skills section's data lines (root table and skill list), without the preamble prose. */
function skillDataLines(text: string): string[] {
  const at = text.indexOf("\n### Skill roots\n");
  return at < 0 ? [] : text.slice(at + 1).split("\n");
}

/** Data-derived parts as they are; prose parts reduced to their tag (position only). */
function comparable(item: Item): { role: string; parts: string[] } {
  const role = item.type === "message" ? String(item.role) : item.type;
  const parts = (item.content ?? []).map((c) => {
    const t = c.text ?? c.type;
    if (role === "user" || role === "assistant" || matchFragment(t) !== undefined) return t;
    if (t.startsWith("<skills_instructions>"))
      return ["<skills_instructions> (prose)", ...skillDataLines(t)].join("\n");
    const tag = /^<([a-z_ ]+)>/.exec(t)?.[1];
    return tag ? `<${tag}> (prose)` : "(prose)";
  });
  return { role, parts };
}

interface Prepared {
  ws: string;
  cwd: string;
  codexHome: string;
  home: string;
  env: { [k: string]: string | undefined };
}

function prepare(scenario: string, withTmpdir: boolean): Prepared {
  const root = mkdtempSync(join(tmpdir(), `promptc-conformance-${scenario}-`));
  const ws = join(root, scenario);
  cpSync(join(WORKSPACES, scenario), ws, { recursive: true });
  const codexHome = join(root, "codex-home");
  cpSync(join(ws, ".codex-home"), codexHome, { recursive: true });
  const home = join(root, "home");
  mkdirSync(home);
  const cwd = join(ws, CWD_OF[scenario] ?? ".");
  mkdirSync(cwd, { recursive: true });
  // The same environment on both sides; TMPDIR only when the case asks (Codex lists it as a writable root).
  const env: { [k: string]: string | undefined } = {
    PATH: process.env.PATH,
    HOME: home,
    CODEX_HOME: codexHome,
    SHELL: process.env.SHELL ?? "/bin/bash",
    LANG: "C.UTF-8",
  };
  if (withTmpdir) {
    env.TMPDIR = join(root, "tmpdir");
    mkdirSync(env.TMPDIR);
  }
  return { ws, cwd, codexHome, home, env };
}

async function captureCodex(
  bin: string,
  p: Prepared,
  sandbox: SandboxMode,
  message: string,
): Promise<{ body: Body; raw: string; userAgent?: string }> {
  const run = await runCapture({
    adapter: codexAdapter,
    argv: [bin, "exec", "--skip-git-repo-check", "-s", sandbox, message],
    cwd: p.cwd,
    env: p.env,
    timeoutMs: 120_000,
  });
  const req = run.requests.find((r) => r.reply.kind === "model");
  if (!req)
    throw new Error(
      `codex sent no model request (exit ${run.exitCode}; ${run.diagnostics.map((d) => d.message).join("; ")})`,
    );
  const raw = Buffer.from(req.body).toString("utf8");
  const out: { body: Body; raw: string; userAgent?: string } = { body: JSON.parse(raw) as Body, raw };
  if (req.headers["user-agent"] !== undefined) out.userAgent = req.headers["user-agent"];
  return out;
}

function compileOurs(p: Prepared, sandbox: SandboxMode, message: string, sessionId: string, proseDir?: string): Body {
  const host = createNodeHost({ cwd: p.cwd, env: p.env, home: p.home });
  const loaded = loadTurnContext(host, {
    cwd: p.cwd,
    codexHome: p.codexHome,
    sandbox,
    message,
    sessionId,
    decode: "lossy",
  });
  if (!loaded.value) throw new Error(`loadTurnContext failed: ${loaded.diagnostics.map((d) => d.message).join("; ")}`);
  const prose = loadProse(host, "codex", proseDir !== undefined ? { proseDir } : {});
  const result = compile(loaded.value, { profile: "codex", prose: prose.value });
  return JSON.parse(result.bytes) as Body;
}

describe.each(scenarios)("codex 0.171.0 on fixtures/workspaces/%s", (scenario) => {
  it.each(CASES)("matches promptc's codex profile with -s %s (TMPDIR set: %s)", async (sandbox, withTmpdir) => {
    if ("skip" in codex) return console.log(`conformance ${scenario}/${sandbox}: skipped: ${codex.skip}`);
    const p = prepare(scenario, withTmpdir);
    const message = MESSAGE_OF[scenario]?.(p.ws) ?? "say hello";
    const captured = await captureCodex(codex.bin, p, sandbox, message);
    writeFileSync(join(p.home, "..", "captured.json"), captured.raw);

    // (1) Stand-in prose: structure, data-derived bytes, prose by position.
    const ours = compileOurs(p, sandbox, message, captured.body.prompt_cache_key);
    writeFileSync(join(p.home, "..", "compiled.json"), JSON.stringify(ours));
    expect(Object.keys(ours)).toEqual(Object.keys(captured.body));
    expect(ours.input.map(comparable)).toEqual(captured.body.input.map(comparable));
    expect((ours.tools as Obj[]).map((t) => t.name ?? t.type)).toEqual(
      (captured.body.tools as Obj[]).map((t) => t.name ?? t.type),
    );

    // (2) Calibrated prose from this very capture: the whole input and the tools, byte for byte.
    const cal = calibrateProse(
      [{ file: "captured.json", body: captured.raw, ...(captured.userAgent ? { userAgent: captured.userAgent } : {}) }],
      { targetVersion: "0.171.0" },
    );
    expect(cal.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const proseDir = join(p.home, "..", "prose");
    mkdirSync(proseDir);
    for (const [name, text] of Object.entries(cal.files)) writeFileSync(join(proseDir, name), text);
    const calibrated = compileOurs(p, sandbox, message, captured.body.prompt_cache_key, proseDir);
    expect(calibrated.input.map(withoutId)).toEqual(captured.body.input.map(withoutId));
    expect(JSON.stringify(calibrated.tools)).toBe(JSON.stringify(captured.body.tools));

    // (3) The same through the CLI a user runs: `promptc calibrate` then `promptc preview --json --prose-dir`.
    let out = "";
    let err = "";
    const io = {
      stdout: (t: string) => void (out += t),
      stderr: (t: string) => void (err += t),
      isTTY: false,
      env: p.env,
      cwd: p.cwd,
    };
    const cliProse = join(p.home, "..", "prose-cli");
    expect(
      await run(["calibrate", join(p.home, "..", "captured.json"), "--profile", "codex", "-o", cliProse], io),
      err,
    ).toBe(0);
    out = "";
    const previewArgs = [
      "preview",
      "--profile",
      "codex",
      "--prose-dir",
      cliProse,
      "-C",
      p.cwd,
      "--codex-home",
      p.codexHome,
      "--sandbox",
      sandbox,
      "--session-id",
      captured.body.prompt_cache_key,
      "-m",
      message,
      "--json",
    ];
    expect(await run(previewArgs, io), err).toBe(0);
    expect((JSON.parse(out) as Body).input.map(withoutId)).toEqual(captured.body.input.map(withoutId));
  });
});

describe("promptc capture + calibrate on the real codex (basic workspace), through the CLI", () => {
  const cli = (p: Prepared) => {
    let out = "";
    let err = "";
    const io = {
      stdout: (t: string) => void (out += t),
      stderr: (t: string) => void (err += t),
      isTTY: false,
      env: p.env,
      cwd: p.cwd,
    };
    return { io, out: () => out, err: () => err };
  };
  const inputOf = (file: string) => (JSON.parse(readFileSync(file, "utf8")) as Body).input.map(withoutId);

  it("calibrates the sandbox sentence from a network-restricted capture so a network-enabled preview is exact", async () => {
    if ("skip" in codex) return;
    const p = prepare("basic", false);
    const root = join(p.home, "..");
    const bin = codex.bin;
    const exec = (net: boolean) => [
      "--",
      bin,
      "exec",
      "--skip-git-repo-check",
      "-s",
      "workspace-write",
      "-c",
      `sandbox_workspace_write.network_access=${net}`,
      "say hello",
    ];
    for (const net of [false, true]) {
      const c = cli(p);
      expect(await run(["capture", "-o", join(root, `cap-${net}`), ...exec(net)], c.io), c.err()).toBe(0);
    }
    const c = cli(p);
    expect(await run(["calibrate", join(root, "cap-false"), "-o", join(root, "prose")], c.io), c.err()).toBe(0);
    expect(readFileSync(join(root, "prose", "permissions-sandbox-workspace-write.md"), "utf8")).toContain(
      "{network_access}",
    );
    const config = join(root, "net.toml");
    writeFileSync(
      config,
      readFileSync(join(p.codexHome, "config.toml"), "utf8") + "\n[sandbox_workspace_write]\nnetwork_access = true\n",
    );
    const key = (JSON.parse(readFileSync(join(root, "cap-true", "001.request.json"), "utf8")) as Body).prompt_cache_key;
    const pv = cli(p);
    expect(
      await run(
        [
          "preview",
          "--profile",
          "codex",
          "--prose-dir",
          join(root, "prose"),
          "--config",
          config,
          "-C",
          p.cwd,
          "--codex-home",
          p.codexHome,
          "--sandbox",
          "workspace-write",
          "--session-id",
          key,
          "-m",
          "say hello",
          "--json",
        ],
        pv.io,
      ),
      pv.err(),
    ).toBe(0);
    expect((JSON.parse(pv.out()) as Body).input.map(withoutId)).toEqual(
      inputOf(join(root, "cap-true", "001.request.json")),
    );
  });

  it("calibrates the compaction prompt and summary prefix from a capture where scripted usage forces a compaction", async () => {
    if ("skip" in codex) return;
    const p = prepare("basic", false);
    const root = join(p.home, "..");
    const replies = join(root, "replies.yaml");
    writeFileSync(
      replies,
      '- tool_calls: [{ name: exec_command, arguments: { cmd: "echo hi" } }]\n  usage: { input_tokens: 60000 }\n- "the summary text"\n- "final"\n',
    );
    const c = cli(p);
    const argv = [
      "capture",
      "--turns",
      "5",
      "--reply-file",
      replies,
      "-o",
      join(root, "cap"),
      "--",
      codex.bin,
      "exec",
      "--skip-git-repo-check",
      "-s",
      "danger-full-access",
      "-c",
      "model_auto_compact_token_limit=5000",
      "run it",
    ];
    expect(await run(argv, c.io), c.err()).toBe(0);
    const index = JSON.parse(readFileSync(join(root, "cap", "capture.json"), "utf8")) as {
      requests: { file: string; reply: { text?: string } }[];
    };
    expect(index.requests.map((r) => r.reply.text ?? null)).toEqual([null, "the summary text", "final"]);
    const k = cli(p);
    expect(await run(["calibrate", join(root, "cap"), "-o", join(root, "prose")], k.io), k.err()).toBe(0);
    const prefix = readFileSync(join(root, "prose", "compact-summary-prefix.md"), "utf8");
    const prompt = readFileSync(join(root, "prose", "compact-prompt.md"), "utf8");
    const texts = (file: string) =>
      (JSON.parse(readFileSync(join(root, "cap", file), "utf8")) as Body).input.flatMap((i) =>
        (i.content ?? []).map((c) => c.text),
      );
    expect(texts("002.request.json").at(-1)).toBe(prompt);
    expect(texts("003.request.json")).toContain(`${prefix}\nthe summary text`);
  });
});

describe("conformance fixtures", () => {
  it("finds at least one fixture workspace", () => {
    expect(scenarios.length).toBeGreaterThan(0);
  });
});
