import { describe, expect, it } from "vitest";
import { calibrateClaudeCode } from "../../../src/capture/claude-code/calibrate-claude-code.js";
import { claudeCodeDataParts } from "../../../src/capture/claude-code/claude-code-data-parts.js";
import { compileBody } from "../../../src/compile/compile-body.js";
import { sha256Hex } from "../../../src/model/sha256.js";
import {
  buildClaudeCodeBody,
  claudeBillingLine,
  claudeMemoryDir,
  renderGitFacts,
} from "../../../src/profiles/claude-code/build-claude-code-request.js";
import {
  CLAUDE_CODE_AGENT_TYPES,
  CLAUDE_CODE_BUILTIN_SKILLS,
  CLAUDE_CODE_TOOL_NAMES,
} from "../../../src/profiles/claude-code/claude-code-facts.js";
import {
  CLAUDE_CODE_STAND_IN_PROSE,
  type ClaudeCodeProse,
} from "../../../src/profiles/claude-code/claude-code-prose.js";
import type { ClaudeCodeTurn } from "../../../src/profiles/claude-code/claude-code-turn.js";
import { claudeCodeProfile } from "../../../src/profiles/claude-code/index.js";

const turn: ClaudeCodeTurn = {
  cwd: "/w/repo/src",
  home: "/h",
  git: {
    root: "/w/repo",
    branch: "master",
    userName: "T",
    status: " M ../main.py\n?? ../new.txt",
    recentCommits: "abc1234 first",
  },
  platform: "linux",
  osVersion: "Linux 6.8.0",
  date: "2026-12-01",
  message: "hello",
  model: "claude-opus-5-5",
  memoryFiles: [
    { path: "/h/.claude/CLAUDE.md", kind: "user", content: "User.", bytesIn: 6 },
    { path: "/w/repo/CLAUDE.md", kind: "project", content: "Root.", bytesIn: 6 },
  ],
  skills: [{ name: "pdf", description: 'Work with <PDF> & "forms"', path: "/w/repo/.claude/skills/pdf/SKILL.md" }],
  deviceId: "d".repeat(64),
  sessionId: "00000000-0000-4000-8000-000000000000",
};

describe("sha256Hex", () => {
  it("matches the standard test vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("x".repeat(100))).toBe("09ecb6ebc8bcefc733f6f2ec44f791abeed6a99edf0cc31519637898aebd52d8");
  });
});

describe("claudeBillingLine", () => {
  it("reproduces the fingerprints seen in captures", () => {
    expect(claudeBillingLine("hello")).toBe(
      "x-anthropic-billing-header: cc_version=2.1.332.9a2; cc_entrypoint=sdk-cli;",
    );
    expect(claudeBillingLine("what is 2+2")).toBe(
      "x-anthropic-billing-header: cc_version=2.1.332.34c; cc_entrypoint=sdk-cli;",
    );
  });
});

describe("claudeMemoryDir", () => {
  it("keys the folder by the git root with every non-alphanumeric character made -", () => {
    expect(claudeMemoryDir(turn)).toBe("/h/.claude/projects/-w-repo/memory/");
    expect(claudeMemoryDir({ home: "/h", cwd: "/tmp/ws.4_x/a b" })).toBe("/h/.claude/projects/-tmp-ws-4-x-a-b/memory/");
  });
});

describe("renderGitFacts", () => {
  it("shows (clean), main without origin/HEAD, and cuts a status over 2,000 characters", () => {
    const git = { root: "/r", branch: "trunk", status: "", recentCommits: "" };
    expect(renderGitFacts(git, "NOTE")).toBe(
      "Current branch: trunk\n\nMain branch (you will usually use this for PRs): main\n\nStatus:\n(clean)\n\nRecent commits:\n",
    );
    const long = renderGitFacts({ ...git, status: "x".repeat(2100), originHead: "develop" }, "NOTE");
    expect(long).toContain(`Status:\n${"x".repeat(2000)}\nNOTE\n\nRecent commits:`);
    expect(long).toContain("(you will usually use this for PRs): develop");
  });
});

describe("buildClaudeCodeBody", () => {
  it("lays the body out in Claude Code's key order and block structure", () => {
    const { body } = buildClaudeCodeBody(turn, CLAUDE_CODE_STAND_IN_PROSE);
    const parts = claudeCodeDataParts(body);
    expect(parts.keys).toEqual([
      "model",
      "messages",
      "system",
      "tools",
      "metadata",
      "max_tokens",
      "thinking",
      "context_management",
      "output_config",
      "stream",
    ]);
    expect(parts.systemBlocks).toEqual([false, true, true]);
    expect(parts.messageShape).toEqual(["user:4", "system:1+cache"]);
    expect(parts.claudeMdEntries).toBe(
      "Contents of /h/.claude/CLAUDE.md (user's private global instructions for all projects):\n\nUser.\n\nContents of /w/repo/CLAUDE.md (project instructions, checked into the codebase):\n\nRoot.",
    );
    expect(parts.environmentFacts).toBe(
      " - Primary working directory: /w/repo/src\n - Is a git repository: true\n - Platform: linux\n - Shell: bash\n - OS Version: Linux 6.8.0",
    );
    expect(parts.skillLines).toBe('- pdf: Work with &lt;PDF&gt; & "forms"');
    expect(parts.dateLine).toBe("Today's date is 2026-12-01.");
    expect(parts.memoryDir).toBe("/h/.claude/projects/-w-repo/memory/");
    expect(parts.toolNames).toEqual([...CLAUDE_CODE_TOOL_NAMES]);
    expect(parts.deferLoading).toEqual(["DeferredToolPlaceholder"]);
  });

  it("leaves out the CLAUDE.md and git reminders when there is nothing to show", () => {
    const { body } = buildClaudeCodeBody(
      { ...turn, git: undefined, memoryFiles: [], loginShell: "zsh" } as ClaudeCodeTurn,
      CLAUDE_CODE_STAND_IN_PROSE,
    );
    const parts = claudeCodeDataParts(body);
    expect(parts.messageShape).toEqual(["user:2", "system:1+cache"]);
    expect(parts.environmentFacts).toContain(
      " - Is a git repository: false\n - Platform: linux\n - Shell: bash (login shell: zsh)",
    );
  });

  it("labels every stand-in and serialises like JSON.stringify", () => {
    const req = compileBody(claudeCodeProfile, turn, CLAUDE_CODE_STAND_IN_PROSE);
    expect(req.bytes).toBe(JSON.stringify(req.body));
    for (const l of req.layers.filter((x) => x.prose === "stand-in")) expect(l.text).toContain("[stand-in prose]");
    expect(req.layers.find((l) => l.id === "billing")?.prose).toBe("data");
  });
});

describe("calibrateClaudeCode", () => {
  it("gets back every prose slot from a body laid out with it", () => {
    const prose: ClaudeCodeProse = {
      ...CLAUDE_CODE_STAND_IN_PROSE,
      origin: "user-supplied",
      system: "SYS with memory at `{{memoryDir}}` and more",
      gitStatusTruncated: "... cut",
      agentTypes: Object.fromEntries(CLAUDE_CODE_AGENT_TYPES.map((n) => [n, `agent ${n}`])),
      builtinSkills: Object.fromEntries(CLAUDE_CODE_BUILTIN_SKILLS.map((n) => [n, `skill ${n} <x>`])),
      tools: Object.fromEntries(
        CLAUDE_CODE_TOOL_NAMES.map((n) => [n, { description: `tool ${n}`, input_schema: { type: "object" } }]),
      ),
    };
    const long = { ...turn, git: { ...turn.git!, status: "y".repeat(2500) } };
    const { body } = buildClaudeCodeBody(long, prose);
    const result = calibrateClaudeCode(body);
    expect(result.diagnostics).toEqual([]);
    expect(result.prose).toEqual(prose);
  });

  it("says why when the capture lacks a part", () => {
    const { body } = buildClaudeCodeBody({ ...turn, memoryFiles: [] }, CLAUDE_CODE_STAND_IN_PROSE);
    expect(calibrateClaudeCode(body).diagnostics.map((d) => d.rule)).toEqual(["calibrate/layout-differs"]);
  });
});

describe("Claude Code 2.1.332's git and worktree facts (measured)", () => {
  it.each([
    ["a+b", "a+b"],
    ["a@b", "a@b"],
    ["UP_x.y-z", "UP_x.y-z"],
    ["feature/x", "feature/x"],
    ["ü", "HEAD"],
    ["a#b", "HEAD"],
    ["a'b", "HEAD"],
    ["", "HEAD"],
  ])("shows the branch %j as %j", (branch, shown) => {
    expect(renderGitFacts({ ...turn.git!, branch }, "cut")).toContain(`Current branch: ${shown}\n`);
  });

  it("keys the memory folder by the main work tree in a linked worktree and adds the worktree bullets", () => {
    const wt: ClaudeCodeTurn = {
      ...turn,
      cwd: "/w/wt-b/src",
      git: { ...turn.git!, root: "/w/wt-b", mainWorktree: "/w/main" },
    };
    expect(claudeMemoryDir(wt)).toBe("/h/.claude/projects/-w-main/memory/");
    const parts = claudeCodeDataParts(buildClaudeCodeBody(wt, CLAUDE_CODE_STAND_IN_PROSE).body);
    expect(parts.environmentFacts?.split("\n").slice(0, 3)).toEqual([
      " - Primary working directory: /w/wt-b/src",
      "<prose>",
      " - Is a git repository: true",
    ]);
  });
});

describe("buildClaudeCodeBody's attribution reminder", () => {
  const texts = (attribution: ClaudeCodeTurn["attribution"]) =>
    (
      buildClaudeCodeBody({ ...turn, ...(attribution ? { attribution } : {}) }, CLAUDE_CODE_STAND_IN_PROSE).body
        .messages as { content: { text: string }[] }[]
    )[0]!.content.map((b) => b.text);

  it("leaves a part out, puts the user's text in its place, and drops the reminder when both parts are off", () => {
    const own = texts(undefined);
    expect(own.at(-2)).toContain("Co-Authored-By: Claude Opus 5.5 <noreply@anthropic.com>");
    expect(texts({ commit: "Signed: me" }).at(-2)).toContain("\nSigned: me\n");
    const noCommit = texts({ commit: false }).at(-2)!;
    expect(noCommit).not.toContain("Co-Authored-By");
    expect(noCommit).toContain("Generated with Claude Code");
    expect(texts({ pr: false }).at(-2)).not.toContain("Generated with Claude Code");
    const none = texts({ commit: false, pr: false });
    expect(none).toHaveLength(own.length - 1);
    // The reminder before the prompt then carries the trailing newline.
    expect(none.at(-2)?.endsWith("</system-reminder>\n")).toBe(true);
  });
});
