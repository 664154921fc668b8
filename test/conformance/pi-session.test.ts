// Conformance: promptc's prediction of a continued pi session's next request against the real pi 0.73.1, over
// each of its four provider APIs. pi runs a turn offline (a tool call, then text), then `--continue` in the same
// HOME, the second time with an edited AGENTS.md and a new local date; promptc reads the session file as it was
// after the first turn. The data-derived parts must equal the capture's, and with prose calibrated from a run of
// its own every byte. No pi prose is stored.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { findHarnessCalibration } from "../../src/capture/harness-calibrations.js";
import { calibratePi } from "../../src/capture/pi/calibrate-pi.js";
import { piDataParts } from "../../src/capture/pi/pi-data-parts.js";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadHarnessTurn } from "../../src/discover/load-harness-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { piProfile } from "../../src/profiles/pi/index.js";
import { PI_VERSION } from "../../src/profiles/pi/pi-facts.js";
import type { PiProse } from "../../src/profiles/pi/pi-prose.js";
import { PI_APIS, type PiApi, type PiTurn } from "../../src/profiles/pi/pi-turn.js";
import { parsePiSession } from "../../src/session-log/harness/read-pi-session.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";
import { findAgentPackage } from "./find-agent.js";
import { buildWorkspace, type HarnessWorkspace } from "./harness-workspaces.js";

const pi = findAgentPackage("pi");
const DIR = "dir" in pi ? pi.dir : "";
const TZ_FIRST = "Etc/GMT+12";
const TZ_SECOND = "Etc/GMT-14";

const skip = "skip" in pi ? pi.skip : undefined;
if (skip !== undefined) console.log(`conformance pi session: skipped: ${skip}`);

const localDate = (tz: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format();
const BASE_PATH: { [A in PiApi]: string } = {
  "openai-responses": "/v1",
  "openai-completions": "/v1",
  "anthropic-messages": "",
  "google-generative-ai": "/v1beta",
};

/** pi's model requests for one run (`args` after the cli), against a scripted capture server. */
async function runPi(cwd: string, home: string, api: PiApi, args: string[], tz: string, replies = "[]") {
  const server = await startCaptureServer({ script: parseReplyScript(replies).value });
  try {
    mkdirSync(join(home, ".pi", "agent"), { recursive: true });
    const model = { id: "gpt-test", name: "T", reasoning: true, contextWindow: 200000, maxTokens: 32000 };
    const provider = { baseUrl: server.origin + BASE_PATH[api], api, apiKey: "dummy", models: [model] };
    writeFileSync(join(home, ".pi", "agent", "models.json"), JSON.stringify({ providers: { loopback: provider } }));
    writeFileSync(
      join(home, ".pi", "agent", "settings.json"),
      JSON.stringify({ enableInstallTelemetry: false, defaultProvider: "loopback", defaultModel: "gpt-test" }),
    );
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, TERM: "dumb", TZ: tz, PI_OFFLINE: "1" };
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(DIR, "dist", "cli.js"), ...args], {
        cwd,
        env: { ...env, PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" },
        stdio: ["ignore", "ignore", "ignore"],
      });
      child.on("close", resolve);
    });
    expect(code).toBe(0);
    return server.requests
      .filter((r) => r.reply.kind === "model")
      .map((r) => JSON.parse(Buffer.from(r.body).toString("utf8")) as { [k: string]: unknown });
  } finally {
    await server.close();
  }
}

function sessionFile(home: string): string {
  const root = join(home, ".pi", "agent", "sessions");
  const files = readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)));
  expect(files).toHaveLength(1);
  return files[0]!;
}

const WS: HarnessWorkspace = {
  name: "pi-session",
  files: { "repo/AGENTS.md": "# Rules\n\nUse tabs.\n", "repo/notes.txt": "a note\n" },
  git: { branch: "main", commits: ["initial"] },
  cwd: "repo",
};
// promptc's capture server answers the Responses API with finished items only, which pi does not read as a
// reply: over that API the first turn's reply is empty (pi records it and leaves it out when it continues).
const TOOL_REPLY = "- tool_calls: [{name: read, arguments: {path: '{notes}'}, call_id: call_1}]\n- Read it.\n";

describe.skipIf(skip !== undefined)(`a continued pi ${PI_VERSION} session`, () => {
  let calibrated: PiProse;
  beforeAll(async () => {
    const cal = findHarnessCalibration("pi")!;
    const built = buildWorkspace({
      name: "pi-session-calibration",
      files: Object.fromEntries(Object.entries(cal.workspaces[0]!.files).map(([k, v]) => [`c/${k}`, v])),
      cwd: "c",
    });
    const [body] = await runPi(built.cwd, built.home, "openai-responses", ["-p", "hello"], TZ_FIRST);
    const result = calibratePi(body!);
    expect(result.diagnostics).toEqual([]);
    calibrated = result.prose!;
  });

  for (const api of PI_APIS)
    for (const changed of [false, true]) {
      const what = changed ? "an edited AGENTS.md and a new date" : "nothing changed";
      it(`predicts the next request over ${api} after a tool call, with ${what}`, async () => {
        const built = buildWorkspace(WS);
        const notes = join(built.root, "w/repo/notes.txt");
        await runPi(
          built.cwd,
          built.home,
          api,
          ["-p", "read the notes"],
          TZ_FIRST,
          TOOL_REPLY.replace("{notes}", notes),
        );
        const file = sessionFile(built.home);
        const afterFirst = readFileSync(file, "utf8");
        if (changed) writeFileSync(join(built.root, "w/repo/AGENTS.md"), "# Rules\n\nUse spaces.\n");
        const tz = changed ? TZ_SECOND : TZ_FIRST;
        const [real] = await runPi(built.cwd, built.home, api, ["--continue", "-p", "second message"], tz);

        const session = parsePiSession(linesOfText(afterFirst), file);
        expect(session.diagnostics).toEqual([]);
        const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
        const turn = loadHarnessTurn(host, piProfile.discovery, {
          cwd: built.cwd,
          home: built.home,
          git: undefined,
          platform: "linux",
          osVersion: "",
          date: localDate(tz),
          message: "second message",
          sessionId: session.value!.sessionId,
          installDir: DIR,
        }).turn as PiTurn;
        const plain = compileBody(piProfile, turn, piProfile.layout.standInProse, [], session.value);
        const parts = piDataParts(real!);
        expect({ ...piDataParts(plain.body), userMessage: undefined }).toEqual({ ...parts, userMessage: undefined });
        expect(plain.body.prompt_cache_key).toBe(real!.prompt_cache_key);
        expect(compileBody(piProfile, turn, calibrated, [], session.value).bytes).toBe(JSON.stringify(real));
      }, 120_000);
    }

  // A scenario's turn 2 continues from the session promptc records after a text reply: the same request as from
  // pi's own file (over the APIs whose streamed text reply pi reads from the capture server).
  for (const api of PI_APIS.filter((a) => a !== "openai-responses"))
    it(`continues a scenario over ${api} from the session it records after a text reply, as pi's own file`, async () => {
      const built = buildWorkspace(WS);
      const [firstBody] = await runPi(built.cwd, built.home, api, ["-p", "read the notes"], TZ_FIRST, "- Done.\n");
      const file = sessionFile(built.home);
      const session = parsePiSession(linesOfText(readFileSync(file, "utf8")), file);
      expect(session.diagnostics).toEqual([]);
      const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
      const load = (message: string) =>
        loadHarnessTurn(host, piProfile.discovery, {
          cwd: built.cwd,
          home: built.home,
          git: undefined,
          platform: "linux",
          osVersion: "",
          date: localDate(TZ_FIRST),
          message,
          sessionId: session.value!.sessionId,
          installDir: DIR,
        }).turn as PiTurn;
      const first = compileBody(piProfile, load("read the notes"), calibrated);
      expect(first.bytes).toBe(JSON.stringify(firstBody));
      const recorded = piProfile.layout.session!.record(undefined, {
        turn: load("read the notes"),
        body: first.body,
        reply: "Done.",
        sessionId: session.value!.sessionId,
      });
      const next = load("second message");
      expect(compileBody(piProfile, next, calibrated, [], recorded).bytes).toBe(
        compileBody(piProfile, next, calibrated, [], session.value).bytes,
      );
    }, 120_000);
});
