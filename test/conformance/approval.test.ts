// Conformance: which approval policy the real Codex CLI 0.171.0 sends, per entry point, against promptc's codex
// profile after `promptc calibrate --agent codex` (previews with no codex binary reachable). `codex exec` (whole
// body, byte for byte) is what `preview` models by default: it sends never whatever config.toml says; the
// interactive TUI, modelled by `preview --tui`, is pinned with `codex debug prompt-input` (config.toml's policy or
// `-c approval_policy=…`, else untrusted for a folder marked untrusted, else on-request): its items, ids aside.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const WORKSPACE = fileURLToPath(new URL("../../fixtures/workspaces/basic/", import.meta.url));
const CWD = "packages/api";
const MESSAGE = "use $release-notes for the next tag";
const PREVIEW_PATH = "/usr/bin:/bin";
const root = mkdtempSync(join(tmpdir(), "promptc-conf-approval-"));
const xdg = join(root, "xdg");
const home = join(root, "home");

/** A trust entry on the project root (a `.fixture-root` marker, not git: it does not reach the cwd) or the cwd. */
type Trust = "none" | "trusted" | "untrusted" | "trusted cwd" | "untrusted cwd";
const TRUSTS: Trust[] = ["none", "trusted", "untrusted", "trusted cwd", "untrusted cwd"];
const CONFIG_POLICIES = [undefined, "on-request", "on-failure", "never"] as const;
const cases = TRUSTS.flatMap((t) => CONFIG_POLICIES.map((p) => [t, p ?? "unset"] as const));

async function cli(argv: string[], env: { [k: string]: string | undefined }) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    env,
    cwd: root,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

function runCodex(bin: string, cwd: string, codexHome: string, args: string[]): Promise<{ code: number; out: string }> {
  const env = { PATH: process.env.PATH, HOME: home, CODEX_HOME: codexHome, STUB_KEY: "x", SHELL: "/bin/bash" };
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], timeout: 150_000 });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    child.on("close", (code) => resolve({ code: code ?? 1, out: code === 0 ? out : `${out}\n${err}` }));
  });
}

/** A copy of the basic workspace and its CODEX_HOME with the case's trust entry and config policy. */
function prepare(label: string, trust: Trust, policy: string, baseUrl?: string) {
  const dir = join(root, label.replace(/ /g, "-"));
  const ws = join(dir, "basic");
  cpSync(WORKSPACE, ws, { recursive: true });
  const codexHome = join(dir, "codex-home");
  cpSync(join(ws, ".codex-home"), codexHome, { recursive: true });
  const top = [
    readFileSync(join(codexHome, "config.toml"), "utf8").replace(/^model\s*=.*$/m, 'model = "gpt-5.5"'),
    policy !== "unset" ? `approval_policy = "${policy}"\n` : "",
    baseUrl !== undefined ? 'model_provider = "stub"\n' : "",
  ].join("\n");
  const tables = [
    trust !== "none"
      ? `[projects.${JSON.stringify(trust.endsWith(" cwd") ? join(ws, CWD) : ws)}]\ntrust_level = "${trust.split(" ")[0]}"\n`
      : "",
    baseUrl !== undefined ? stubProviderToml(baseUrl) : "",
  ].join("\n");
  writeFileSync(join(codexHome, "config.toml"), `${top}\n${tables}`);
  return { cwd: join(ws, CWD), codexHome };
}

const previewEnv = (codexHome: string) => ({
  HOME: home,
  CODEX_HOME: codexHome,
  XDG_CACHE_HOME: xdg,
  PATH: PREVIEW_PATH,
  SHELL: "/bin/bash",
});
const preview = (p: { cwd: string; codexHome: string }, extra: string[]) =>
  cli(["preview", "--profile", "codex", "-C", p.cwd, "--codex-home", p.codexHome, ...extra, "-m", MESSAGE, "--json"], {
    ...previewEnv(p.codexHome),
  });
type Item = { [k: string]: unknown };
/** prompt-input's items as the request carries them (its own metadata and the ids dropped). */
const promptInputItems = (stdout: string): Item[] =>
  (JSON.parse(stdout) as Item[]).map(({ id: _id, internal_chat_message_metadata_passthrough: _m, ...rest }) => rest);
const permissionsText = (items: Item[]): string | undefined =>
  items
    .flatMap((i) => (Array.isArray(i.content) ? (i.content as { text?: string }[]) : []))
    .map((c) => c.text ?? "")
    .find((t) => t.startsWith("<permissions instructions>"));

describe.skipIf(
  skipBecause("conformance codex-cli approval per entry point", "skip" in codex ? codex.skip : undefined),
)(`codex-cli ${"version" in codex ? codex.version : ""} approval policy: codex exec vs the TUI`, () => {
  const bin = "bin" in codex ? codex.bin : "";
  let calibrated = { code: -1, stdout: "", stderr: "" };
  beforeAll(async () => {
    mkdirSync(home, { recursive: true });
    calibrated = await cli(["calibrate", "--agent", "codex", "--bin", bin], {
      HOME: home,
      XDG_CACHE_HOME: xdg,
      PATH: process.env.PATH,
    });
  }, 600_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("calibrates every approval policy's text, untrusted included", () => {
    expect(calibrated.code, calibrated.stderr).toBe(0);
    expect(calibrated.stderr).not.toMatch(/permissions-approval-/);
  });

  it.each(cases)(
    "codex exec (trust %s, config approval %s) is what preview shows by default",
    async (trust, policy) => {
      const bodies: unknown[] = [];
      const stub = await startResponsesStub(bodies, { reply: "Done.", inputTokens: 100 });
      try {
        const p = prepare(`exec-${trust}-${policy}`, trust, policy, stub.baseUrl);
        const predicted = await preview(p, []);
        const ran = await runCodex(bin, p.cwd, p.codexHome, ["exec", "--skip-git-repo-check", MESSAGE]);
        expect(bodies.length, ran.out).toBe(1);
        expect(predicted.code, predicted.stderr).toBe(0);
        expect(predicted.stderr).toMatch(/approval never, as `codex exec` sends it/);
        // Whatever the trust, Codex lists the project's own skills (.codex/skills, .agents/skills).
        expect(JSON.stringify(bodies[0])).toContain("- release-notes: ");
        expect(JSON.stringify(bodies[0])).toContain("- api-testing: ");
        expect(JSON.stringify(withoutSessionData(JSON.parse(predicted.stdout)))).toBe(
          JSON.stringify(withoutSessionData(bodies[0])),
        );
      } finally {
        await stub.close();
      }
    },
  );

  it.each(cases)("the TUI (trust %s, config approval %s) is what preview --tui shows", async (trust, policy) => {
    const p = prepare(`tui-${trust}-${policy}`, trust, policy);
    const shown = await runCodex(bin, p.cwd, p.codexHome, ["debug", "prompt-input", MESSAGE]);
    expect(shown.code, shown.out).toBe(0);
    const predicted = await preview(p, ["--tui"]);
    expect(predicted.code, predicted.stderr).toBe(0);
    // prompt-input leaves out the base instructions item and `$skill` injections: each item it shows is in the
    // request's input, in order.
    const input = (JSON.parse(predicted.stdout) as { input: Item[] }).input.map((i) => JSON.stringify(withoutId(i)));
    let at = 0;
    for (const item of promptInputItems(shown.out)) {
      const found = input.indexOf(JSON.stringify(item), at);
      expect(found, JSON.stringify(item).slice(0, 600)).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });

  it.each(["on-request", "on-failure", "never"])(
    "`debug prompt-input -c approval_policy=%s` is what preview --tui --approval shows",
    async (policy) => {
      const p = prepare(`tui-flag-${policy}`, "none", "unset");
      const shown = await runCodex(bin, p.cwd, p.codexHome, [
        "debug",
        "prompt-input",
        "-c",
        `approval_policy="${policy}"`,
        MESSAGE,
      ]);
      expect(shown.code, shown.out).toBe(0);
      const predicted = await preview(p, ["--tui", "--approval", policy]);
      expect(predicted.code, predicted.stderr).toBe(0);
      expect(permissionsText((JSON.parse(predicted.stdout) as { input: Item[] }).input)).toBe(
        permissionsText(promptInputItems(shown.out)),
      );
    },
  );

  // The approval text calibrated from a folder marked untrusted, on the default (code-mode) model and gpt-5.5.
  it.each(
    ["read-only", "workspace-write", "danger-full-access"].flatMap((s) => [
      [s, "gpt-5.5"],
      [s, "default"],
    ]),
  )(
    "an untrusted working directory (%s, %s): the TUI's permissions text is preview --tui's",
    async (sandbox, model) => {
      const p = prepare(`tui-untrusted-${sandbox}-${model}`, "none", "unset");
      const config = readFileSync(join(p.codexHome, "config.toml"), "utf8");
      writeFileSync(
        join(p.codexHome, "config.toml"),
        `${model === "default" ? config.replace(/^model\s*=.*$/m, "") : config}\n[projects.${JSON.stringify(p.cwd)}]\ntrust_level = "untrusted"\n`,
      );
      const shown = await runCodex(bin, p.cwd, p.codexHome, [
        "debug",
        "prompt-input",
        "-c",
        `sandbox_mode="${sandbox}"`,
        MESSAGE,
      ]);
      expect(shown.code, shown.out).toBe(0);
      const predicted = await preview(p, ["--tui", "--sandbox", sandbox]);
      expect(predicted.code, predicted.stderr).toBe(0);
      const text = permissionsText((JSON.parse(predicted.stdout) as { input: Item[] }).input);
      expect(text).toContain("`approval_policy` is `unless-trusted`");
      expect(text).toBe(permissionsText(promptInputItems(shown.out)));
    },
  );

  it('refuses approval_policy = "untrusted" in config.toml as Codex does', async () => {
    const p = prepare("refused", "none", "untrusted");
    const shown = await runCodex(bin, p.cwd, p.codexHome, ["debug", "prompt-input", MESSAGE]);
    const predicted = await preview(p, []);
    expect([shown.code !== 0, /no longer supported/.test(shown.out)]).toEqual([true, true]);
    expect([predicted.code, /no longer supported/.test(predicted.stderr)]).toEqual([2, true]);
  });
});

function withoutId(item: Item): Item {
  const { id: _id, ...rest } = item;
  return rest;
}
