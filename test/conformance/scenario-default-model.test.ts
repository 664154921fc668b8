// Conformance: a two-turn Codex session on its default model (config.toml names no model, as for a user of
// defaults), replayed as a scenario: `preview --scenario F --turn 1|2` must send what the real Codex CLI 0.171.0
// sent, byte for byte (ids and per-session metadata aside). Once calibrated the way a user would (`promptc
// calibrate --agent codex` into a scratch XDG cache), once from a prose dir (`promptc calibrate CAPTURE -o DIR`,
// whose layout.json names the default model) with nothing in the cache, where the directory preview and the
// scenario turn used to resolve the model on two paths. Skipped when the binary cannot be found (find-agent.ts).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import { cli as runCli, codexExecOnStub } from "./codex-exec.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const WORKSPACE = fileURLToPath(new URL("../../fixtures/workspaces/basic/", import.meta.url));
const REPLY = "Done.";
/** No codex on it: previews must not need the binary. */
const PREVIEW_PATH = "/usr/bin:/bin";
const TURNS = ["first task", "second task"] as const;

interface Body {
  input: ResponseItem[];
  tools?: unknown[];
  model: string;
}

const root = mkdtempSync(join(tmpdir(), "promptc-conf-scenario-"));
const home = join(root, "home");

const exec = (bin: string, cwd: string, codexHome: string, args: string[]) =>
  codexExecOnStub(bin, cwd, home, codexHome, args);
const cli = (argv: string[], env: { [k: string]: string | undefined }) => runCli(argv, env, root);

/** The workspace and its CODEX_HOME copied under `dir`, config.toml without a model line, pointed at the stub. */
function prepare(dir: string, baseUrl: string): { cwd: string; codexHome: string } {
  const ws = join(dir, "basic");
  cpSync(WORKSPACE, ws, { recursive: true });
  const codexHome = join(dir, "codex-home");
  cpSync(join(ws, ".codex-home"), codexHome, { recursive: true });
  const config = readFileSync(join(codexHome, "config.toml"), "utf8")
    .split("\n")
    .filter((l) => !/^model\s*=/.test(l))
    .join("\n");
  writeFileSync(join(codexHome, "config.toml"), `${config}\nmodel_provider = "stub"\n${stubProviderToml(baseUrl)}`);
  const cwd = join(ws, "packages/api");
  mkdirSync(cwd, { recursive: true });
  return { cwd, codexHome };
}

/** The session as a scenario file beside the workspace (relative paths, no model: the catalogue's default). */
function writeScenario(dir: string): string {
  const file = join(dir, "session.yaml");
  writeFileSync(
    file,
    [
      "profile: codex",
      "codexHome: ./codex-home",
      'session: { id: "0197a000-0000-7000-8000-0000000000aa" }',
      "settings: { cwd: ./basic/packages/api, sandbox: read-only }",
      "turns:",
      // The reply as the model sent it (the API's `annotations: []` included): Codex records it verbatim.
      ...TURNS.map(
        (t) =>
          `  - user: "${t}"\n    items:\n      - { type: message, role: assistant, content: [{ type: output_text, text: "${REPLY}", annotations: [] }] }`,
      ),
      "",
    ].join("\n"),
  );
  return file;
}

const comparable = (b: unknown) => JSON.stringify(withoutSessionData(b));

describe.skipIf(skipBecause("conformance codex-cli scenario default model", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : ""}: a two-turn session on the default model through --scenario`,
  () => {
    const bin = "bin" in codex ? codex.bin : "";
    let calibrated = { code: -1, stdout: "", stderr: "" };
    const xdg = join(root, "xdg");
    const emptyXdg = join(root, "xdg-empty");

    beforeAll(async () => {
      mkdirSync(home, { recursive: true });
      mkdirSync(emptyXdg, { recursive: true });
      calibrated = await cli(["calibrate", "--agent", "codex", "--bin", bin], {
        HOME: home,
        XDG_CACHE_HOME: xdg,
        PATH: process.env.PATH,
        LANG: "C.UTF-8",
      });
    }, 600_000);
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    /** Runs the session through the real Codex, then previews both scenario turns; returns bodies and previews. */
    async function replay(label: string, cache: string, proseDirFrom?: (first: Body, dir: string) => Promise<string>) {
      const bodies: Body[] = [];
      const stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: 100, annotations: true });
      try {
        const dir = join(root, label);
        const p = prepare(dir, stub.baseUrl);
        const log = [
          await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", TURNS[0]]),
          await exec(bin, p.cwd, p.codexHome, ["-s", "read-only", "resume", "--last", TURNS[1]]),
        ].join("\n---\n");
        expect(bodies.length, log).toBe(2);
        const proseDir = proseDirFrom ? await proseDirFrom(bodies[0]!, dir) : undefined;
        const scenario = writeScenario(dir);
        const env = { HOME: home, XDG_CACHE_HOME: cache, PATH: PREVIEW_PATH, SHELL: "/bin/bash", LANG: "C.UTF-8" };
        const extra = proseDir !== undefined ? ["--prose-dir", proseDir] : [];
        const previews = [];
        for (const turn of [1, 2])
          previews.push(
            await cli(["preview", "--scenario", scenario, "--turn", String(turn), ...extra, "--json"], env),
          );
        // The same first turn as a directory preview: the one turn setup gives it the same model and layout.
        const directory = await cli(
          ["preview", "--profile", "codex", "-C", p.cwd, "--codex-home", p.codexHome, "--sandbox", "read-only"].concat(
            extra,
            ["-m", TURNS[0], "--json"],
          ),
          env,
        );
        return { bodies, previews, directory };
      } finally {
        await stub.close();
      }
    }

    it("calibrates from the installed Codex", () => {
      expect(calibrated.code, calibrated.stderr).toBe(0);
    });

    it("calibrated cache: both scenario turns are byte-exact on the default model (code mode)", async () => {
      const { bodies, previews } = await replay("cache", xdg);
      expect(bodies[0]!.input[0]?.type).toBe("additional_tools");
      for (const [i, preview] of previews.entries()) {
        expect(preview.code, preview.stderr).toBe(0);
        expect(comparable(JSON.parse(preview.stdout)), `turn ${i + 1}`).toBe(comparable(bodies[i]));
      }
    });

    it("calibrated prose dir (its layout.json names the default model): both scenario turns are byte-exact", async () => {
      const { bodies, previews, directory } = await replay("prose-dir", emptyXdg, async (first, dir) => {
        const captures = join(dir, "captures");
        mkdirSync(captures, { recursive: true });
        writeFileSync(join(captures, "001.request.json"), JSON.stringify(first));
        const out = join(dir, "prose");
        const r = await cli(
          ["calibrate", join(captures, "001.request.json"), "-o", out, "--agent-version", "0.171.0"],
          {
            HOME: home,
            XDG_CACHE_HOME: emptyXdg,
            PATH: PREVIEW_PATH,
          },
        );
        expect(r.code, r.stderr).toBe(0);
        return out;
      });
      for (const [i, preview] of previews.entries()) {
        expect(preview.code, preview.stderr).toBe(0);
        expect(comparable(JSON.parse(preview.stdout)), `turn ${i + 1}`).toBe(comparable(bodies[i]));
      }
      expect(comparable(JSON.parse(directory.stdout))).toBe(comparable(bodies[0]));
    });
  },
);
