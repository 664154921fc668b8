// Conformance: promptc's prediction of a resumed Claude Code session's next request against the real Claude Code
// 2.1.332. The agent runs two turns offline (`-p`, then `-p --continue`) in one HOME; promptc reads the session
// file as it was after turn 1 and predicts turn 2's request. The conversation must equal the capture byte for
// byte without calibration (it is all data), and, with prose from `promptc calibrate --agent claude-code` (its own
// workspace and resumes), the whole body. No Claude prose is stored.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { release, tmpdir, type } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../src/capture/adapters/claude-code.js";
import { runCalibrateAgent } from "../../src/cli/commands/calibrate-agent.js";
import type { CliIO } from "../../src/cli/io.js";
import { calibrationFile } from "../../src/host/calibration-store.js";
import { parseReplyScript } from "../../src/capture/reply-script.js";
import { runCapture } from "../../src/capture/server/run-capture.js";
import { compileBody } from "../../src/compile/compile-body.js";
import { loadClaudeCodeTurn } from "../../src/discover/claude-code/load-claude-code-turn.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { probeGit } from "../../src/host/probe-git.js";
import { CLAUDE_CODE_VERSION } from "../../src/profiles/claude-code/claude-code-facts.js";
import { CLAUDE_CODE_STAND_IN_PROSE, type ClaudeCodeProse } from "../../src/profiles/claude-code/claude-code-prose.js";
import { claudeCodeProfile } from "../../src/profiles/claude-code/index.js";
import { linesOfText } from "../../src/session-log/parse-rollout.js";
import { parseClaudeCodeSession } from "../../src/session-log/harness/read-claude-code-session.js";
import { findAgent } from "./find-agent.js";
import { buildWorkspace, type HarnessWorkspace } from "./harness-workspaces.js";

/** 26 hours apart: the two turns always fall on different local dates. */
const TZ_FIRST = "Etc/GMT+12";
const TZ_SECOND = "Etc/GMT-14";

const claude = findAgent("claude-code");
const found = "skip" in claude ? claude : claude.bin;
if (typeof found !== "string") console.log(`conformance claude-code session: skipped: ${found.skip}`);

const localDate = (tz: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format();

async function turn(
  cwd: string,
  home: string,
  args: string[],
  tz: string,
  replies = "[]",
): Promise<{ [k: string]: unknown }[]> {
  const run = await runCapture({
    adapter: claudeCodeAdapter,
    argv: [found as string, "-p", ...args],
    cwd,
    env: { PATH: "/usr/bin:/bin", HOME: home, TERM: "dumb", LANG: "C.UTF-8", DISABLE_TELEMETRY: "1", TZ: tz },
    script: parseReplyScript(replies).value,
    timeoutMs: 180_000,
  });
  expect(run.exitCode).toBe(0);
  return run.requests
    .filter((r) => r.url.startsWith("/v1/messages"))
    .map((r) => JSON.parse(Buffer.from(r.body).toString("utf8")) as { [k: string]: unknown });
}

/** The one `~/.claude/projects/<key>/<uuid>.jsonl` the run wrote. */
const sessionFile = (home: string): string => {
  const projects = join(home, ".claude", "projects");
  const files = readdirSync(projects).flatMap((key) =>
    readdirSync(join(projects, key))
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(projects, key, f)),
  );
  expect(files).toHaveLength(1);
  return files[0]!;
};

const WS: HarnessWorkspace = {
  name: "cc-session",
  files: {
    "repo/CLAUDE.md": "# Rules\n\nUse tabs.\n",
    "repo/src/CLAUDE.md": "sub rules\n",
    "repo/notes.txt": "a note\n",
    "repo/a.txt": "file a\n",
    "repo/b.txt": "file b\n",
  },
  git: { branch: "main", user: "T", commits: ["initial"] },
  cwd: "repo/src",
};

interface Case {
  name: string;
  /** Turn 1's scripted replies (YAML); `{repo}` is the repository's path. */
  replies?: string;
  /** Prompts of later turns before the predicted one. */
  middle?: string[];
  /** Before the predicted turn. */
  change?: (root: string) => void;
  dateChanges: boolean;
}

const CASES: Case[] = [
  { name: "a plain second turn", dateChanges: false },
  {
    name: "a third turn after a tool call",
    replies: "- tool_calls: [{name: Read, arguments: {file_path: '{repo}/notes.txt'}, call_id: toolu_1}]\n- Read it.\n",
    middle: ["and now?"],
    dateChanges: false,
  },
  {
    name: "a second turn after a tool call, an edited CLAUDE.md, a new global one and a new date",
    replies: "- tool_calls: [{name: Read, arguments: {file_path: '{repo}/notes.txt'}, call_id: toolu_1}]\n- Read it.\n",
    change: (root) => {
      writeFileSync(join(root, "w/repo/src/CLAUDE.md"), "sub rules, edited\n");
      writeFileSync(join(root, "home/.claude/CLAUDE.md"), "global rules\n");
    },
    dateChanges: true,
  },
  {
    // Each call and each result is an entry of its own, and only the last result written stays on the chain.
    name: "a second turn after three parallel tool calls",
    replies: `- tool_calls: [${["notes", "a", "b"]
      .map((f, i) => `{name: Read, arguments: {file_path: '{repo}/${f}.txt'}, call_id: toolu_${i + 1}}`)
      .join(", ")}]\n- Read them.\n`,
    dateChanges: false,
  },
  {
    name: "a second turn after the sub-folder's CLAUDE.md was removed",
    change: (root) => rmSync(join(root, "w/repo/src/CLAUDE.md")),
    dateChanges: false,
  },
  {
    name: "a second turn after a project skill was added and CLAUDE.md edited",
    change: (root) => {
      writeFileSync(join(root, "w/repo/CLAUDE.md"), "# Rules\n\nUse spaces.\n");
      mkdirSync(join(root, "w/repo/src/.claude/skills/added"), { recursive: true });
      writeFileSync(
        join(root, "w/repo/src/.claude/skills/added/SKILL.md"),
        "---\nname: added\ndescription: Added <between> turns\n---\nBody.\n",
      );
    },
    dateChanges: false,
  },
];

describe.skipIf(typeof found !== "string")(`a resumed Claude Code ${CLAUDE_CODE_VERSION} session`, () => {
  let calibrated: ClaudeCodeProse;
  beforeAll(async () => {
    // Prose from `promptc calibrate --agent claude-code` (its own workspace: a first turn, then resumes), through
    // the CLI into a scratch cache.
    const cache = mkdtempSync(join(tmpdir(), "promptc-cc-session-cal-"));
    let err = "";
    const io: CliIO = {
      stdout: () => {},
      stderr: (t) => void (err += t),
      isTTY: false,
      env: { PATH: "/usr/bin:/bin", HOME: cache, XDG_CACHE_HOME: cache },
      cwd: cache,
    };
    expect(await runCalibrateAgent({ agent: "claude-code", bin: found as string }, io), err).toBe(0);
    const stored = JSON.parse(
      readFileSync(calibrationFile(join(cache, "promptc"), "claude-code", CLAUDE_CODE_VERSION), "utf8"),
    );
    calibrated = stored.prose as ClaudeCodeProse;
    expect(calibrated.session).toBeDefined();
  }, 400_000);

  for (const c of CASES) {
    it(`predicts ${c.name}`, async () => {
      const built = buildWorkspace(WS);
      const repo = join(built.root, "w/repo");
      const tz2 = c.dateChanges ? TZ_SECOND : TZ_FIRST;
      await turn(built.cwd, built.home, ["read the notes"], TZ_FIRST, (c.replies ?? "[]").replaceAll("{repo}", repo));
      for (const prompt of c.middle ?? []) await turn(built.cwd, built.home, ["--continue", prompt], TZ_FIRST);
      const file = sessionFile(built.home);
      const afterFirst = readFileSync(file, "utf8");
      // The first turn as a scenario sets it up (before anything changes), for the session promptc records.
      const firstTurn = (sessionId: string) =>
        loadClaudeCodeTurn(createNodeHost({ cwd: built.cwd, env: { HOME: built.home } }), {
          cwd: built.cwd,
          home: built.home,
          git: probeGit(built.cwd, built.home),
          platform: process.platform,
          osVersion: `${type()} ${release()}`,
          date: localDate(TZ_FIRST),
          message: "read the notes",
          sessionId,
        }).turn;
      const recordedFirst = c.replies === undefined && c.middle === undefined ? firstTurn : undefined;
      const first = recordedFirst?.(parseClaudeCodeSession(linesOfText(afterFirst), file).value!.sessionId);
      c.change?.(built.root);
      const requests = await turn(built.cwd, built.home, ["--continue", "second message"], tz2);
      const real = requests[0]!;

      const session = parseClaudeCodeSession(linesOfText(afterFirst), file);
      expect(session.diagnostics).toEqual([]);
      const host = createNodeHost({ cwd: built.cwd, env: { HOME: built.home } });
      const loaded = loadClaudeCodeTurn(host, {
        cwd: built.cwd,
        home: built.home,
        git: probeGit(built.cwd, built.home),
        platform: process.platform,
        osVersion: `${type()} ${release()}`,
        date: localDate(tz2),
        message: "second message",
        sessionId: session.value!.sessionId,
      });
      const history = session.value!.messages.length;
      // Without calibration: the recorded conversation, the session id and the billing fingerprint are data.
      const plain = compileBody(claudeCodeProfile, loaded.turn, CLAUDE_CODE_STAND_IN_PROSE, [], session.value);
      const realMessages = real.messages as unknown[];
      expect(JSON.stringify((plain.body.messages as unknown[]).slice(0, history))).toBe(
        JSON.stringify(realMessages.slice(0, history)),
      );
      expect(plain.body.metadata).toEqual(real.metadata);
      expect((plain.body.system as unknown[])[0]).toEqual((real.system as unknown[])[0]);
      expect((plain.body.messages as unknown[]).length).toBe(realMessages.length);
      // Calibrated: every byte.
      const exact = compileBody(claudeCodeProfile, loaded.turn, calibrated, [], session.value);
      expect(exact.bytes).toBe(JSON.stringify(real));
      // A scenario's turn 2 continues from the session promptc records after turn 1 (its body and text reply):
      // the same request as from the agent's own file.
      if (first !== undefined) {
        const last = session.value!.messages.at(-1)!;
        const reply = Array.isArray(last.content) ? String(last.content.find((b) => b.type === "text")?.text) : "";
        const recorded = claudeCodeProfile.layout.session!.record(undefined, {
          turn: first,
          body: compileBody(claudeCodeProfile, first, calibrated).body,
          reply,
          sessionId: session.value!.sessionId,
        });
        expect(compileBody(claudeCodeProfile, loaded.turn, calibrated, [], recorded).bytes).toBe(JSON.stringify(real));
      }
    }, 400_000);
  }
});
