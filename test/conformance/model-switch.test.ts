// Conformance: second turns of Codex CLI 0.171.0 on every model layout — a model switch in each direction between
// the fallback layout (an unlisted slug), a classic catalogue model (gpt-5.5) and code mode (gpt-6.2-sol, gpt-6-sol,
// gpt-5.6-luna),
// with and without a sandbox change; cwd and sandbox changes on the classic and code-mode layouts; a tool call in the
// prior turn on each layout. Codex runs a turn and `codex exec resume` the next; `promptc preview --session <the
// rollout> --model … --sandbox … -C …` (calibrated by `promptc calibrate --agent codex`, no codex binary reachable)
// must equal the last request Codex sent, byte for byte (ids and per-session metadata aside). A switch across
// compaction families (catalogue `comp_hash`) compacts first: `--summary` gives preview the summariser's reply.
// Skipped when the binary cannot be found or installed (find-agent.ts).
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withoutSessionData } from "../../src/capture/without-session-data.js";
import { cli as runCli, codexExecOnStub, findRollout } from "./codex-exec.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const WORKSPACE = fileURLToPath(new URL("../../fixtures/workspaces/basic/", import.meta.url));
const REPLY = "Done.";
const FALLBACK = "gpt-5.2-codex";
/** No codex on it: previews must not need the binary. */
const PREVIEW_PATH = "/usr/bin:/bin";

interface Body {
  model: string;
  input: ResponseItem[];
}

interface Case {
  /** config.toml's model for turn 1 (undefined: the catalogue default, gpt-6.2-sol). */
  from?: string;
  /** `-m` of turn 2 (undefined: no switch). */
  to?: string;
  /** `-s` of turn 1 and turn 2. */
  sandbox: [string, string];
  /** Turn 2 runs in the workspace's `packages` folder instead of `packages/api`. */
  moveCwd?: boolean;
  /** Turn 1's first reply is this output item (a tool call); the turn then ends with the message. */
  call?: unknown;
  /** Requests Codex sends in turn 2 (2 when it compacts first). */
  turn2Requests: number;
}

const EXEC_CALL = {
  type: "function_call",
  id: "fc_1",
  call_id: "call_1",
  name: "exec_command",
  arguments: JSON.stringify({ cmd: "echo hi" }),
};
const CODE_CALL = { type: "custom_tool_call", id: "ctc_1", call_id: "call_1", name: "exec", input: "text('hi')" };
const RO: [string, string] = ["read-only", "read-only"];
const TO_WRITE: [string, string] = ["read-only", "workspace-write"];

const CASES: { [name: string]: Case } = {
  "fallback → classic": { from: FALLBACK, to: "gpt-5.5", sandbox: RO, turn2Requests: 1 },
  "fallback → code mode": { from: FALLBACK, to: "gpt-6.2-sol", sandbox: RO, turn2Requests: 1 },
  "classic → fallback": { from: "gpt-5.5", to: FALLBACK, sandbox: RO, turn2Requests: 1 },
  "code mode → fallback": { to: FALLBACK, sandbox: RO, turn2Requests: 1 },
  "fallback → classic, read-only → workspace-write": {
    from: FALLBACK,
    to: "gpt-5.5",
    sandbox: TO_WRITE,
    turn2Requests: 1,
  },
  "fallback → code mode, read-only → workspace-write": {
    from: FALLBACK,
    to: "gpt-6.2-sol",
    sandbox: TO_WRITE,
    turn2Requests: 1,
  },
  "code mode → fallback, read-only → workspace-write": { to: FALLBACK, sandbox: TO_WRITE, turn2Requests: 1 },
  "classic → code mode after a tool call (compacts first)": {
    from: "gpt-5.5",
    to: "gpt-6.2-sol",
    sandbox: RO,
    call: EXEC_CALL,
    turn2Requests: 2,
  },
  "code mode → code mode with a smaller window and fewer tools (gpt-6.2-sol → gpt-6-sol)": {
    to: "gpt-6-sol",
    sandbox: RO,
    turn2Requests: 1,
  },
  "code mode → code mode with more tools (gpt-6-sol → gpt-6.2-sol)": {
    from: "gpt-6-sol",
    to: "gpt-6.2-sol",
    sandbox: RO,
    turn2Requests: 1,
  },
  "code mode → code mode without a namespace or collaboration text (gpt-6.2-sol → gpt-5.6-luna)": {
    to: "gpt-5.6-luna",
    sandbox: RO,
    turn2Requests: 1,
  },
  "code mode → code mode, read-only → workspace-write (gpt-6.2-sol → gpt-6-sol)": {
    to: "gpt-6-sol",
    sandbox: TO_WRITE,
    turn2Requests: 1,
  },
  "classic, cwd and sandbox changed": {
    from: "gpt-5.5",
    sandbox: ["workspace-write", "read-only"],
    moveCwd: true,
    turn2Requests: 1,
  },
  "code mode, cwd and sandbox changed": { sandbox: ["workspace-write", "read-only"], moveCwd: true, turn2Requests: 1 },
  "fallback, tool call in the prior turn": { from: FALLBACK, sandbox: RO, call: EXEC_CALL, turn2Requests: 1 },
  "classic, tool call in the prior turn": { from: "gpt-5.5", sandbox: RO, call: EXEC_CALL, turn2Requests: 1 },
  "code mode, tool call in the prior turn": { sandbox: RO, call: CODE_CALL, turn2Requests: 1 },
};

const root = mkdtempSync(join(tmpdir(), "promptc-conf-switch-"));
const xdg = join(root, "xdg");
const home = join(root, "home");

const exec = (bin: string, cwd: string, codexHome: string, args: string[]) =>
  codexExecOnStub(bin, cwd, home, codexHome, args);

const comparable = (b: unknown) => JSON.stringify(withoutSessionData(b));

describe.skipIf(skipBecause("conformance codex-cli model switches", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : ""} second turns per layout and model switches`,
  () => {
    const bin = "bin" in codex ? codex.bin : "";
    let calibrated = { code: -1, stdout: "", stderr: "" };
    beforeAll(async () => {
      mkdirSync(home, { recursive: true });
      calibrated = await runCli(
        ["calibrate", "--agent", "codex", "--bin", bin],
        {
          HOME: home,
          XDG_CACHE_HOME: xdg,
          PATH: process.env.PATH,
          LANG: "C.UTF-8",
        },
        root,
      );
    }, 600_000);
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it.each(Object.keys(CASES))("%s: the resumed request is byte-exact", async (name) => {
      expect(calibrated.code, calibrated.stderr).toBe(0);
      const c = CASES[name]!;
      const bodies: Body[] = [];
      const stub = await startResponsesStub(bodies, {
        reply: REPLY,
        inputTokens: 100,
        annotations: true,
        ...(c.call ? { script: [c.call] } : {}),
      });
      try {
        const dir = join(root, name.replace(/\W+/g, "-"));
        const ws = join(dir, "basic");
        cpSync(WORKSPACE, ws, { recursive: true });
        const codexHome = join(dir, "codex-home");
        cpSync(join(ws, ".codex-home"), codexHome, { recursive: true });
        const original = readFileSync(join(codexHome, "config.toml"), "utf8")
          .split("\n")
          .filter((l) => !/^model\s*=/.test(l))
          .join("\n");
        writeFileSync(
          join(codexHome, "config.toml"),
          `${c.from !== undefined ? `model = "${c.from}"\n` : ""}${original}\nmodel_provider = "stub"\n${stubProviderToml(stub.baseUrl)}`,
        );
        const cwd1 = join(ws, "packages", "api");
        const cwd2 = c.moveCwd ? join(ws, "packages") : cwd1;
        const out1 = await exec(bin, cwd1, codexHome, ["-s", c.sandbox[0], "first task"]);
        const turn1 = bodies.length;
        const rollout = join(dir, "rollout-1.jsonl");
        copyFileSync(findRollout(join(codexHome, "sessions"))!, rollout);
        const session = JSON.parse(readFileSync(rollout, "utf8").split("\n")[0]!).payload.id as string;
        const model = c.to !== undefined ? ["-m", c.to] : [];
        const out2 = await exec(bin, cwd2, codexHome, ["-s", c.sandbox[1], ...model, "resume", session, "second task"]);
        expect(bodies.length - turn1, `${out1}\n${out2}`).toBe(c.turn2Requests);
        const preview = await runCli(
          [
            "preview",
            "--profile",
            "codex",
            "--session",
            rollout,
            "-C",
            cwd2,
            "--codex-home",
            codexHome,
            ...(c.to !== undefined ? ["--model", c.to] : []),
            "--sandbox",
            c.sandbox[1],
            "--summary",
            REPLY,
            "-m",
            "second task",
            "--json",
          ],
          {
            HOME: home,
            CODEX_HOME: codexHome,
            XDG_CACHE_HOME: xdg,
            PATH: PREVIEW_PATH,
            SHELL: "/bin/bash",
            LANG: "C.UTF-8",
          },
          root,
        );
        expect(preview.code, preview.stderr).toBe(0);
        expect(comparable(JSON.parse(preview.stdout))).toBe(comparable(bodies.at(-1)));
      } finally {
        await stub.close();
      }
    });
  },
);
