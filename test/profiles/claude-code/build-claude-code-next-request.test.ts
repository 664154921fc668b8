import { describe, expect, it } from "vitest";
import { compileBody } from "../../../src/compile/compile-body.js";
import {
  buildClaudeCodeNextBody,
  changedInstructionFiles,
  withCacheBreakpoint,
} from "../../../src/profiles/claude-code/build-claude-code-next-request.js";
import { buildClaudeCodeBody, claudeBillingLine } from "../../../src/profiles/claude-code/build-claude-code-request.js";
import { CLAUDE_CODE_STAND_IN_PROSE } from "../../../src/profiles/claude-code/claude-code-prose.js";
import type { ClaudeCodeSession } from "../../../src/profiles/claude-code/claude-code-session.js";
import type { ClaudeCodeTurn } from "../../../src/profiles/claude-code/claude-code-turn.js";
import { claudeCodeProfile } from "../../../src/profiles/claude-code/index.js";

const turn: ClaudeCodeTurn = {
  cwd: "/w",
  home: "/h",
  platform: "linux",
  osVersion: "Linux 6.8.0",
  date: "2026-01-02",
  message: "next ask",
  model: "claude-opus-5-5",
  memoryFiles: [
    { path: "/h/.claude/CLAUDE.md", kind: "user", content: "User.", bytesIn: 6 },
    { path: "/w/CLAUDE.md", kind: "project", content: "Rules.", bytesIn: 7 },
  ],
  skills: [],
  deviceId: "d".repeat(64),
  sessionId: "placeholder",
};

const session: ClaudeCodeSession = {
  sessionId: "s-1",
  firstPrompt: "first ask",
  compactions: [],
  usage: { usage: [], events: [] },
  instructions: [
    { path: "/h/.claude/CLAUDE.md", kind: "user", content: "User." },
    { path: "/w/CLAUDE.md", kind: "project", content: "Rules." },
  ],
  date: "2026-01-02",
  messages: [
    { role: "user", content: [{ type: "text", text: "first ask" }] },
    { role: "system", content: "ENV", output_config: { effort: "medium" } },
    { role: "assistant", content: [{ type: "text", text: "Done." }] },
  ],
};

describe("buildClaudeCodeNextBody", () => {
  it("keeps the first request's system blocks and fingerprint, and marks only the new prompt for the cache", () => {
    const next = buildClaudeCodeNextBody(turn, CLAUDE_CODE_STAND_IN_PROSE, session).body;
    const first = buildClaudeCodeBody({ ...turn, message: "first ask", sessionId: "s-1" }, CLAUDE_CODE_STAND_IN_PROSE);
    expect(next.system).toEqual(first.body.system);
    expect((next.system as { text: string }[])[0]!.text).toBe(claudeBillingLine("first ask"));
    expect(JSON.parse((next.metadata as { user_id: string }).user_id).session_id).toBe("s-1");
    expect(next.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "first ask" }] },
      { role: "system", content: "ENV", output_config: { effort: "medium" } },
      { role: "assistant", content: [{ type: "text", text: "Done." }] },
      { role: "user", content: [{ type: "text", text: "next ask", cache_control: { type: "ephemeral" } }] },
    ]);
  });

  it("puts changed instruction files before the prompt and a new date after it, which then holds the breakpoint", () => {
    const changed = {
      ...turn,
      date: "2026-01-03",
      memoryFiles: [
        ...turn.memoryFiles.slice(0, 1),
        { path: "/w/CLAUDE.md", kind: "project" as const, content: "Rules, edited.", bytesIn: 15 },
        { path: "/w/src/CLAUDE.md", kind: "project" as const, content: "New.", bytesIn: 5 },
      ],
    };
    const messages = buildClaudeCodeNextBody(changed, CLAUDE_CODE_STAND_IN_PROSE, session).body.messages as {
      role: string;
      content: { text: string; cache_control?: unknown }[];
    }[];
    const prompt = messages[3]!;
    expect(prompt.content.map((b) => b.text)).toEqual([
      `<system-reminder>\n${"[stand-in prose] These instruction files changed since you last read them; each one below replaces its earlier copy:"}\n\nContents of /w/CLAUDE.md (project instructions, checked into the codebase):\n\nRules, edited.\n\nContents of /w/src/CLAUDE.md (project instructions, checked into the codebase):\n\nNew.\n</system-reminder>\n`,
      "next ask",
    ]);
    expect(prompt.content.some((b) => b.cache_control !== undefined)).toBe(false);
    expect(messages[4]).toEqual({
      role: "system",
      content: [{ type: "text", text: "[stand-in prose] It is now 2026-01-03.", cache_control: { type: "ephemeral" } }],
    });
  });

  it("lists removed files after the changed ones, and opens with its own sentence when files were only removed", () => {
    const prose = {
      ...CLAUDE_CODE_STAND_IN_PROSE,
      session: {
        instructionsReread: "R",
        instructionsRereadRemovedOnly: "O",
        instructionsRemoved: "gone: ",
        dateChanged: "D",
      },
    };
    const textOf = (t: ClaudeCodeTurn) =>
      (buildClaudeCodeNextBody(t, prose, session).body.messages as { content: { text: string }[] }[])[3]!.content[0]!
        .text;
    const edited = { ...turn.memoryFiles[0]!, content: "User, edited." };
    expect(textOf({ ...turn, memoryFiles: [edited] })).toBe(
      "<system-reminder>\nR\n\nContents of /h/.claude/CLAUDE.md (user's private global instructions for all projects):\n\nUser, edited.\n\ngone: /w/CLAUDE.md\n</system-reminder>\n",
    );
    expect(textOf({ ...turn, memoryFiles: [] })).toBe(
      "<system-reminder>\nO\n\ngone: /h/.claude/CLAUDE.md\n\ngone: /w/CLAUDE.md\n</system-reminder>\n",
    );
  });

  it("lists skills the session has not listed yet, then a new date, in one system message", () => {
    const withSkills = {
      ...turn,
      date: "2026-01-03",
      skills: [
        { name: "old", description: "listed", path: "/w/.claude/skills/old/SKILL.md" },
        { name: "new", description: "a <b>", path: "/w/.claude/skills/new/SKILL.md" },
      ],
    };
    const messages = buildClaudeCodeNextBody(withSkills, CLAUDE_CODE_STAND_IN_PROSE, {
      ...session,
      skillNames: ["old"],
    }).body.messages as { role: string; content: { text: string }[] }[];
    expect(messages[4]!.content[0]!.text).toBe(
      `${CLAUDE_CODE_STAND_IN_PROSE.skillsIntro}\n\n- new: a &lt;b&gt;\n\n[stand-in prose] It is now 2026-01-03.`,
    );
  });

  it("fills the session slots from calibrated prose", () => {
    const prose = {
      ...CLAUDE_CODE_STAND_IN_PROSE,
      session: {
        instructionsReread: "R",
        instructionsRereadRemovedOnly: "O",
        instructionsRemoved: "-",
        dateChanged: "D {{date}}",
      },
    };
    const req = compileBody(claudeCodeProfile, { ...turn, date: "2026-01-05" }, prose, [], session);
    expect(req.layers.find((l) => l.id === "date-changed")).toMatchObject({ text: "D 2026-01-05" });
  });
});

describe("changedInstructionFiles", () => {
  it("lists files whose content differs or that the session never sent, in chain order", () => {
    const files = changedInstructionFiles(
      { memoryFiles: [...turn.memoryFiles, { path: "/w/x/CLAUDE.md", kind: "project", content: "x", bytesIn: 1 }] },
      { instructions: [{ path: "/w/CLAUDE.md", kind: "project", content: "Old." }] },
    );
    expect(files.map((f) => f.path)).toEqual(["/h/.claude/CLAUDE.md", "/w/CLAUDE.md", "/w/x/CLAUDE.md"]);
  });
});

describe("withCacheBreakpoint", () => {
  it("sends earlier string contents as strings and the last one as a marked block", () => {
    expect(
      withCacheBreakpoint([
        { role: "user", content: "a" },
        { role: "system", content: "b" },
      ]),
    ).toEqual([
      { role: "user", content: "a" },
      { role: "system", content: [{ type: "text", text: "b", cache_control: { type: "ephemeral" } }] },
    ]);
  });
});
