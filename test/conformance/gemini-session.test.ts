// Conformance: promptc's prediction of a resumed Gemini CLI session's next request against the real Gemini CLI
// 0.61.0. The agent runs a turn offline, then `--resume latest` in the same HOME; promptc reads the session file
// as it was after the first turn and predicts the resumed request. The recorded conversation must equal the
// capture byte for byte and the session context's data-derived parts (date, tree, GEMINI.md chain) must be the
// ones of the resume; the system instruction is the first turn's (its prose is calibrated by gemini-preview's
// conformance test). No Gemini CLI prose is stored.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { geminiDataParts } from "../../src/capture/gemini-cli/gemini-data-parts.js";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { startCaptureServer } from "../../src/capture/server/capture-server.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadHarnessTurn } from "../../src/discover/load-harness-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { GEMINI_CLI_VERSION } from "../../src/profiles/gemini-cli/gemini-facts.js";
import type { GeminiTurn } from "../../src/profiles/gemini-cli/gemini-turn.js";
import { geminiCliProfile } from "../../src/profiles/gemini-cli/index.js";
import { parseGeminiSession } from "../../src/session-log/harness/read-gemini-session.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";
import { findAgentPackage } from "./find-agent.js";
import { buildWorkspace, type HarnessWorkspace } from "./harness-workspaces.js";

const gemini = findAgentPackage("gemini-cli");
const PACKAGE = "dir" in gemini ? gemini.dir : "";
const MODEL = "gemini-3.8-flash";
/** 26 hours apart: the two turns always fall on different local dates. */
const TZ_FIRST = "Etc/GMT+12";
const TZ_SECOND = "Etc/GMT-14";

const skip = "skip" in gemini ? gemini.skip : undefined;
if (skip !== undefined) console.log(`conformance gemini-cli session: skipped: ${skip}`);

const SETTINGS = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
};

const localDate = (tz: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format();

async function runGemini(cwd: string, home: string, args: string[], tz: string, replies = "[]") {
  const server = await startCaptureServer({ script: parseReplyScript(replies).value });
  try {
    mkdirSync(join(home, ".gemini"), { recursive: true });
    writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(SETTINGS));
    const env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      TERM: "dumb",
      LANG: "C.UTF-8",
      TZ: tz,
      GEMINI_API_KEY: "dummy",
      GOOGLE_GEMINI_BASE_URL: server.origin,
      GEMINI_TELEMETRY_ENABLED: "false",
    };
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [join(PACKAGE, "bundle", "gemini.js"), ...args, "--skip-trust", "-m", MODEL],
        {
          cwd,
          env,
          stdio: ["ignore", "ignore", "ignore"],
        },
      );
      child.on("close", resolve);
    });
    expect(code).toBe(0);
    return server.requests
      .filter((r) => r.url.includes(":streamGenerateContent"))
      .map((r) => JSON.parse(Buffer.from(r.body).toString("utf8")) as { [k: string]: unknown });
  } finally {
    await server.close();
  }
}

/** The one chat file the runs wrote under ~/.gemini/tmp/<project id>/chats/. */
function chatFile(home: string): string {
  const tmp = join(home, ".gemini", "tmp");
  const files = readdirSync(tmp).flatMap((id) => {
    const chats = join(tmp, id, "chats");
    return existsSync(chats) ? readdirSync(chats).map((f) => join(chats, f)) : [];
  });
  expect(files).toHaveLength(1);
  return files[0]!;
}

const WS: HarnessWorkspace = {
  name: "gemini-session",
  files: { "repo/GEMINI.md": "# Rules\n\nUse tabs.\n", "repo/notes.txt": "a note\n", "repo/src/main.py": "x = 1\n" },
  git: { branch: "main", commits: ["initial"] },
  cwd: "repo",
};

const CASES = [
  {
    name: "after a tool call",
    replies: "- tool_calls: [{name: read_file, arguments: {file_path: notes.txt}}]\n- Read it.\n",
    change: undefined as ((root: string) => void) | undefined,
    tz: TZ_FIRST,
  },
  {
    name: "after an edited GEMINI.md, a new file and a new date",
    replies: "[]",
    change: (root: string) => {
      writeFileSync(join(root, "w/repo/GEMINI.md"), "# Rules\n\nUse spaces.\n");
      writeFileSync(join(root, "w/repo/added.txt"), "new\n");
    },
    tz: TZ_SECOND,
  },
];

describe.skipIf(skip !== undefined)(`a resumed Gemini CLI ${GEMINI_CLI_VERSION} session`, () => {
  for (const c of CASES) {
    it(`predicts the next request ${c.name}`, async () => {
      const built = buildWorkspace(WS);
      const [firstReal] = await runGemini(built.cwd, built.home, ["-p", "read the notes"], TZ_FIRST, c.replies);
      const file = chatFile(built.home);
      const afterFirst = readFileSync(file, "utf8");
      // The first turn as a scenario sets it up (before anything changes), for the session promptc records.
      const firstTurn =
        c.replies === "[]"
          ? (loadHarnessTurn(
              createNodeHost({ cwd: built.cwd, env: { HOME: built.home } }),
              geminiCliProfile.discovery,
              {
                cwd: built.cwd,
                home: built.home,
                git: undefined,
                platform: process.platform,
                osVersion: "",
                date: localDate(TZ_FIRST),
                message: "read the notes",
                model: MODEL,
                sessionId: "",
                installDir: PACKAGE,
              },
            ).turn as GeminiTurn)
          : undefined;
      c.change?.(built.root);
      const resumed = await runGemini(built.cwd, built.home, ["--resume", "latest", "-p", "second message"], c.tz);
      const real = resumed[0]!;

      const session = parseGeminiSession(linesOfText(afterFirst), file);
      expect(session.diagnostics).toEqual([]);
      const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
      const turn = loadHarnessTurn(host, geminiCliProfile.discovery, {
        cwd: built.cwd,
        home: built.home,
        git: undefined,
        platform: process.platform,
        osVersion: "",
        date: localDate(c.tz),
        message: "second message",
        model: MODEL,
        sessionId: "",
        installDir: PACKAGE,
      }).turn as GeminiTurn;
      const predicted = compileBody(
        geminiCliProfile,
        turn,
        geminiCliProfile.layout.standInProse,
        [],
        session.value,
      ).body;
      expect(geminiDataParts(predicted)).toEqual(geminiDataParts(real));
      // Everything after the session context is the recorded conversation and the new message: data throughout.
      const rest = (b: { [k: string]: unknown }) => {
        const [head, ...tail] = b.contents as { parts: unknown[]; role: string }[];
        return JSON.stringify([{ parts: head!.parts.slice(1), role: head!.role }, ...tail]);
      };
      expect(rest(predicted)).toBe(rest(real));
      // A scenario's turn 2 continues from the session promptc records after turn 1 (its text reply): the same
      // request as from the agent's own file.
      if (firstTurn !== undefined) {
        const reply = session
          .value!.history.at(-1)!
          .parts.map((p) => String(p.text ?? ""))
          .join("");
        const prose = geminiCliProfile.layout.standInProse;
        const recorded = geminiCliProfile.layout.session!.record(undefined, {
          turn: firstTurn,
          body: compileBody(geminiCliProfile, firstTurn, prose).body,
          reply,
          sessionId: session.value!.sessionId,
        });
        expect(compileBody(geminiCliProfile, turn, prose, [], recorded).bytes).toBe(
          compileBody(geminiCliProfile, turn, prose, [], session.value).bytes,
        );
      }
      expect(real.systemInstruction).toEqual(firstReal!.systemInstruction);
    }, 300_000);
  }
});
