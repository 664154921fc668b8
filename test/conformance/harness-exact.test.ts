// Conformance: after one `promptc calibrate --agent X --bin PATH` (in a scratch cache), `promptc preview --profile X
// --json` is byte for byte the real agent's request on random workspaces promptc was not tuned on: the first turn,
// and the resumed second turn from the agent's own session file (`--session FILE`), per-run ids aside. Runs the
// binaries at test time (each skips with a printed reason when absent); no agent prose is stored.
import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCalibrateAgent } from "../../src/cli/commands/calibrate-agent.js";
import type { CliIO } from "../../src/cli/io.js";
import { run } from "../../src/cli/program.js";
import { getAdapter } from "../../src/capture/adapters/index.js";
import { findAgentInstall } from "../../src/host/find-agent-install.js";
import { findProfile } from "../../src/profiles/index.js";
import { findAgent as findAgentByName } from "./find-agent.js";
import { AGENT_RECIPES, maskRunIds, runAgent, type AgentRecipe } from "./harness-agents.js";
import { buildWorkspace } from "./harness-workspaces.js";
import { randomWorkspace, type RandomAgent } from "./random-workspaces.js";

/** The agent as a user has it: PROMPTC_GEMINI_BIN / PROMPTC_PI_BIN, else the one on PATH (Claude Code's and
 * Copilot CLI's binaries as the other conformance tests find them), at the version its profile reproduces. */
function findAgent(agent: RandomAgent): { bin: string } | { skip: string } {
  if (agent === "claude-code" || agent === "copilot") return findAgentByName(agent);
  const adapter = getAdapter(agent)!;
  const given = process.env[`PROMPTC_${agent.split("-")[0]!.toUpperCase()}_BIN`];
  const found = findAgentInstall(
    adapter.executables.filter((e) => !e.endsWith(".js")),
    adapter.packageName,
    process.env,
    given,
  );
  const want = findProfile(agent)!.targetVersion;
  if (found === undefined)
    return { skip: `no ${adapter.displayName} on PATH (set PROMPTC_GEMINI_BIN or PROMPTC_PI_BIN)` };
  return found.version === want ? { bin: found.bin } : { skip: `${found.bin} is ${found.version}, not ${want}` };
}
const SEEDS = (process.env.PROMPTC_EXACT_SEEDS ?? "1,2,3").split(",").map(Number);
const AGENTS = (process.env.PROMPTC_EXACT_AGENTS ?? "gemini-cli,pi,copilot,claude-code").split(",") as RandomAgent[];

async function promptc(
  argv: string[],
  cwd: string,
  env: { [k: string]: string },
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const io: CliIO = { stdout: (t) => void (out += t), stderr: (t) => void (err += t), isTTY: false, env, cwd };
  const code = await run(argv, io);
  return { code, out, err };
}

function dumpDiff(name: string, real: string, predicted: string): void {
  if (!process.env.DUMP_BYTES) return;
  const dump = mkdtempSync(join(tmpdir(), `promptc-exact-${name}-`));
  writeFileSync(join(dump, "real.json"), real);
  writeFileSync(join(dump, "predicted.json"), predicted);
  console.log(`${name}: bodies in ${dump}`);
}

for (const agent of AGENTS) {
  const recipe: AgentRecipe = AGENT_RECIPES[agent];
  const found = findAgent(agent);
  const skip = "skip" in found ? found.skip : undefined;
  const bin = "bin" in found ? found.bin : "";
  if (skip) console.log(`conformance ${agent} byte-exact: skipped: ${skip}`);
  describe.skipIf(skip !== undefined)(`${agent}: calibrate once, then preview every byte`, () => {
    // PROMPTC_EXACT_CACHE reuses a calibrated cache between runs (while working on one agent).
    const reuse = process.env.PROMPTC_EXACT_CACHE;
    const cache = reuse ?? realpathSync(mkdtempSync(join(tmpdir(), `promptc-exact-cache-${agent}-`)));
    beforeAll(async () => {
      if (reuse !== undefined && existsSync(join(reuse, "promptc", "calibration", agent))) return;
      let err = "";
      const io: CliIO = {
        stdout: () => {},
        stderr: (t) => void (err += t),
        isTTY: false,
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: cache, XDG_CACHE_HOME: cache },
        cwd: cache,
      };
      expect(await runCalibrateAgent({ agent, bin }, io), err).toBe(0);
    }, 600_000);

    for (const seed of SEEDS)
      it(`first and resumed turn on random workspace ${seed}`, async () => {
        const built = buildWorkspace(randomWorkspace(agent, seed));
        // Every third workspace's first turn reads a file with the agent's tool, so the resume replays a tool call.
        const read = seed % 3 === 0 ? recipe.readReplies(join(built.cwd, "notes-to-read.txt")) : "[]";
        if (seed % 3 === 0) writeFileSync(join(built.cwd, "notes-to-read.txt"), "a note\n");
        const first = await runAgent(recipe, bin, { ...built, seed }, recipe.first("hello"), read);
        expect(first.bodies.length, first.output).toBeGreaterThan(0);
        const env = {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: built.home,
          XDG_CACHE_HOME: cache,
          ...recipe.env("http://127.0.0.1:9", seed),
        };
        const preview = await promptc(["preview", "--profile", agent, "--json", "hello"], built.cwd, env);
        expect(preview.code, preview.err).toBe(0);
        const real1 = maskRunIds(recipe, first.bodies[0]!);
        const pred1 = maskRunIds(recipe, preview.out);
        dumpDiff(`${agent}-${seed}-1`, real1, pred1);
        const file = recipe.sessionFile(built.home);
        expect(file, "one session file").toBeDefined();
        const saved = join(built.root, "session-after-first");
        writeFileSync(saved, readFileSync(file!));
        const second = await runAgent(recipe, bin, { ...built, seed }, recipe.resume("second message"));
        expect(second.bodies.length, second.output).toBeGreaterThan(0);
        const resumed = await promptc(
          ["preview", "--profile", agent, "--json", "--session", saved, "second message"],
          built.cwd,
          env,
        );
        const real2 = maskRunIds(recipe, second.bodies[0]!);
        const pred2 = maskRunIds(recipe, resumed.out);
        dumpDiff(`${agent}-${seed}-2`, real2, pred2);
        expect({ first: pred1 === real1, resumed: pred2 === real2, err: resumed.err }).toEqual({
          first: true,
          resumed: true,
          err: resumed.err,
        });
      }, 600_000);
  });
}
