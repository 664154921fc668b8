// Conformance: every fixture workspace on Codex's default model (no `model =`), on gpt-5.5 and on a slug the
// catalogue does not list, against the real Codex CLI 0.171.0. promptc is calibrated once the way a user would
// (`promptc calibrate --agent codex`, into a scratch XDG cache); every preview runs with no codex binary
// reachable. Checked byte for byte (ids and per-session metadata aside): the first turn previewed before Codex
// ever started in that CODEX_HOME (its system skills predicted), the resumed turn from the rollout
// (`preview --session`), a model switch between a code-mode and a classic model, and an inline compaction on the
// default model (`promptc compact`). Skipped when the binary cannot be found or installed (find-agent.ts).
import { spawn } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const WORKSPACES = fileURLToPath(new URL("../../fixtures/workspaces/", import.meta.url));
const CWD_OF: { [scenario: string]: string } = { basic: "packages/api", budget: "a/b", "edge-bytes": "docs" };
const MESSAGE_OF: { [scenario: string]: (ws: string) => string } = {
  basic: () => "use $release-notes for the next tag",
  "skills-edge": (ws) => `use $folded, $quiet and [$zeta](${ws}/.codex/skills/zeta/SKILL.md)`,
};
/** Model line of config.toml per case: none (the catalogue default), a classic catalogue model, an unlisted slug. */
const MODELS: [string, string | undefined][] = [
  ["default", undefined],
  ["gpt-5.5", "gpt-5.5"],
  ["fallback", "gpt-5.2-codex"],
];
const REPLY = "Done.";
const EXEC_TIMEOUT_MS = 150_000;
/** No codex on it: previews must not need the binary. */
const PREVIEW_PATH = "/usr/bin:/bin";

interface Body {
  input: ResponseItem[];
  prompt_cache_key: string;
  tools?: unknown[];
  model: string;
}

const scenarios = existsSync(WORKSPACES)
  ? readdirSync(WORKSPACES, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(WORKSPACES, d.name, ".codex-home")))
      .map((d) => d.name)
  : [];
const root = mkdtempSync(join(tmpdir(), "promptc-conf-models-"));
const xdg = join(root, "xdg");
const home = join(root, "home");

function findRollout(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      const found = findRollout(p);
      if (found) return found;
    } else if (name.startsWith("rollout-") && name.endsWith(".jsonl")) return p;
  }
  return undefined;
}

async function cli(
  argv: string[],
  env: { [k: string]: string | undefined },
  cwd = root,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (s) => void (stdout += s), stderr: (s) => void (stderr += s), isTTY: false, env, cwd };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

const previewEnv = (codexHome: string) => ({
  HOME: home,
  CODEX_HOME: codexHome,
  XDG_CACHE_HOME: xdg,
  PATH: PREVIEW_PATH,
  SHELL: "/bin/bash",
  LANG: "C.UTF-8",
});

function exec(bin: string, cwd: string, codexHome: string, args: string[]): Promise<string> {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    CODEX_HOME: codexHome,
    STUB_KEY: "x",
    SHELL: "/bin/bash",
    LANG: "C.UTF-8",
  };
  return new Promise((resolve) => {
    const child = spawn(bin, ["exec", "--skip-git-repo-check", ...args], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: EXEC_TIMEOUT_MS,
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    child.stderr.on("data", (c: Buffer) => (out += c.toString()));
    child.on("close", (code) => resolve(`exit ${String(code)}\n${out}`));
  });
}

interface Prepared {
  ws: string;
  cwd: string;
  codexHome: string;
  config: string;
}

/** A copy of the workspace and of its CODEX_HOME (never started), config.toml with the case's model line. */
function prepare(
  scenario: string,
  label: string,
  model: string | undefined,
  baseUrl: string,
  extraToml = "",
): Prepared {
  const dir = join(root, `${scenario}-${label}`);
  const ws = join(dir, scenario);
  cpSync(join(WORKSPACES, scenario), ws, { recursive: true });
  const codexHome = join(dir, "codex-home");
  cpSync(join(ws, ".codex-home"), codexHome, { recursive: true });
  const original = readFileSync(join(codexHome, "config.toml"), "utf8")
    .split("\n")
    .filter((l) => !/^model\s*=/.test(l))
    .join("\n");
  const config = `${model !== undefined ? `model = "${model}"\n` : ""}${original}\nmodel_provider = "stub"\n${extraToml}${stubProviderToml(baseUrl)}`;
  writeFileSync(join(codexHome, "config.toml"), config);
  const cwd = join(ws, CWD_OF[scenario] ?? ".");
  mkdirSync(cwd, { recursive: true });
  return { ws, cwd, codexHome, config };
}

const comparable = (b: unknown) => JSON.stringify(withoutSessionData(b));

interface CaseResult {
  preview1: { code: number; stdout: string; stderr: string };
  preview2?: { code: number; stdout: string; stderr: string };
  bodies: Body[];
  log: string;
}

describe.skipIf(skipBecause("conformance codex-cli per model layout", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : ""} per model layout, auto-calibrated`,
  () => {
    const bin = "bin" in codex ? codex.bin : "";
    let calibrated = { code: -1, stdout: "", stderr: "" };
    const results = new Map<string, CaseResult>();

    beforeAll(async () => {
      mkdirSync(home, { recursive: true });
      calibrated = await cli(["calibrate", "--agent", "codex", "--bin", bin], {
        HOME: home,
        XDG_CACHE_HOME: xdg,
        PATH: process.env.PATH,
        LANG: "C.UTF-8",
      });
    }, 600_000);
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("calibrates from the installed Codex with no capture, server or flags", () => {
      expect(calibrated.code, calibrated.stderr).toBe(0);
      expect(calibrated.stdout).toMatch(/^calibrated Codex 0\.171\.0: \d+ model families/);
      expect(calibrated.stderr).not.toMatch(/calibrate\/layout-mismatch/);
    });

    const cases = scenarios.flatMap((s) => MODELS.map(([label, model]) => [s, label, model] as const));
    it.each(cases)(
      "%s on %s: first turn (before Codex ever started there) and resumed turn are byte-exact",
      async (scenario, label, model) => {
        const bodies: Body[] = [];
        const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: 100, annotations: true });
        try {
          const p = prepare(scenario, label, model, stub.baseUrl);
          const message = MESSAGE_OF[scenario]?.(p.ws) ?? "say hello";
          const env = previewEnv(p.codexHome);
          const preview1 = await cli(
            [
              "preview",
              "--profile",
              "codex",
              "-C",
              p.cwd,
              "--codex-home",
              p.codexHome,
              "--sandbox",
              "read-only",
              "-m",
              message,
              "--json",
            ],
            env,
          );
          const out1 = await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", message]);
          const rollout = join(p.ws, "..", "rollout-1.jsonl");
          const found = findRollout(join(p.codexHome, "sessions"));
          if (found) copyFileSync(found, rollout);
          const out2 = await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", "resume", "--last", "second task"]);
          const result: CaseResult = { preview1, bodies, log: `${out1}\n---\n${out2}` };
          if (found)
            result.preview2 = await cli(
              [
                "preview",
                "--profile",
                "codex",
                "--session",
                rollout,
                "-C",
                p.cwd,
                "--codex-home",
                p.codexHome,
                "--sandbox",
                "read-only",
                "-m",
                "second task",
                "--json",
              ],
              env,
            );
          results.set(`${scenario}/${label}`, result);
          expect(bodies.length, result.log).toBe(2);
          expect(preview1.code, preview1.stderr).toBe(0);
          expect(preview1.stderr).not.toMatch(/ (calibration\/[a-z-]+|codex\/version-mismatch)$/m);
          expect(comparable(JSON.parse(preview1.stdout))).toBe(comparable(bodies[0]));
          expect(result.preview2?.code, result.preview2?.stderr).toBe(0);
          expect(comparable(JSON.parse(result.preview2!.stdout))).toBe(comparable(bodies[1]));
        } finally {
          await stub.close();
        }
      },
    );

    it("the three layouts are the ones the issue names (tools in an input item on the default model, apply_patch on gpt-5.5)", () => {
      const first = (label: string) => results.get(`basic/${label}`)?.bodies[0];
      expect(first("default")?.model).toBe("gpt-6.2-sol");
      expect(first("default")?.input[0]?.type).toBe("additional_tools");
      expect(first("default")?.tools).toBeUndefined();
      expect(JSON.stringify(first("gpt-5.5")?.tools)).toContain('"apply_patch"');
      expect(first("fallback")?.input[0]?.type).toBe("message");
    });

    // 0.171.0 compacts before a turn whose model is of another compaction family (catalogue `comp_hash`: gpt-5.5
    // 2911, code-mode models 3000), with the previous model; the turn then sends the new model's whole initial
    // context with the session's multi-agent version, the user messages and the summary.
    it.each([
      ["code mode → classic", undefined, "gpt-6.2-sol", "gpt-5.5"],
      ["classic → code mode", "gpt-5.5", "gpt-5.5", "gpt-6.2-sol"],
    ] as const)(
      "model switch %s: compacts first, then the resumed request is byte-exact",
      async (_name, from, fromSlug, to) => {
        const bodies: Body[] = [];
        const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: 100, annotations: true });
        try {
          const p = prepare("basic", `switch-${to}`, from, stub.baseUrl);
          const out1 = await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", "first task"]);
          const rollout = join(p.ws, "..", "rollout-1.jsonl");
          copyFileSync(findRollout(join(p.codexHome, "sessions"))!, rollout);
          const out2 = await exec(bin, p.cwd, p.codexHome, [
            "-s",
            "read-only",
            "-m",
            to,
            "resume",
            "--last",
            "second task",
          ]);
          expect(bodies.length, `${out1}\n${out2}`).toBe(3);
          // The compaction request runs on the model switched from, over turn 1 and its reply.
          expect(bodies[1]!.model).toBe(fromSlug);
          expect(bodies[1]!.input.slice(0, bodies[0]!.input.length + 1).map(comparable)).toEqual(
            [...bodies[0]!.input, ...bodies[1]!.input.slice(bodies[0]!.input.length, -1)].map(comparable),
          );
          const preview = await cli(
            [
              "preview",
              "--profile",
              "codex",
              "--session",
              rollout,
              "-C",
              p.cwd,
              "--codex-home",
              p.codexHome,
              "--model",
              to,
              "--sandbox",
              "read-only",
              "--summary",
              REPLY,
              "-m",
              "second task",
              "--json",
            ],
            previewEnv(p.codexHome),
          );
          expect(preview.code, preview.stderr).toBe(0);
          expect(preview.stderr).toMatch(/session\/model-switch-compaction/);
          expect(comparable(JSON.parse(preview.stdout))).toBe(comparable(bodies[2]));
        } finally {
          await stub.close();
        }
      },
    );

    it("inline compaction on the default model: `promptc compact` predicts the compacted history Codex sent", async () => {
      const bodies: Body[] = [];
      const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: 60_000, annotations: true });
      try {
        const p = prepare("basic", "compact", undefined, stub.baseUrl, "model_auto_compact_token_limit = 5000\n");
        const out1 = await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", "first task"]);
        const rollout = join(p.ws, "..", "rollout-1.jsonl");
        copyFileSync(findRollout(join(p.codexHome, "sessions"))!, rollout);
        const out2 = await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", "resume", "--last", "second task"]);
        expect(bodies.length, `${out1}\n${out2}`).toBe(3);
        const turn2 = bodies[2]!;
        const compacted = await cli(
          ["compact", rollout, "--json", "--summary", REPLY, "--config", join(p.codexHome, "config.toml")],
          previewEnv(p.codexHome),
        );
        expect(compacted.code, compacted.stderr).toBe(0);
        const json = JSON.parse(compacted.stdout) as { history: ResponseItem[] };
        const strip = (items: readonly ResponseItem[]) =>
          JSON.stringify(items.map(({ id: _id, ...rest }: ResponseItem & { id?: string }) => rest));
        // The request after compacting: the compacted history, then the new message.
        expect(strip(json.history)).toBe(strip(turn2.input.slice(0, -1)));
      } finally {
        await stub.close();
      }
    });
  },
);

describe("conformance model fixtures", () => {
  it("finds the fixture workspaces", () => {
    expect(scenarios.length).toBeGreaterThan(0);
  });
});
