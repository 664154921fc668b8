import { describe, expect, it } from "vitest";
import { createApprovalHook, type ApprovalQuestion } from "../../../src/loop/policy/create-approval-hook.js";
import type { ApprovalFacts } from "../../../src/loop/policy/decide-approval.js";
import type { ToolCallContext } from "../../../src/loop/execute-tool-call.js";
import { createShellTool } from "../../../src/loop/tools/shell.js";

const facts: ApprovalFacts = {
  sandbox: "read-only",
  approval: "on-request",
  writableRoots: ["/w"],
  approvedPrefixes: [],
};
const shell = createShellTool();
const callOf = (...command: string[]): ToolCallContext => ({
  call: { type: "function_call", name: "shell", arguments: "", call_id: "c" },
  tool: shell,
  args: { command },
  step: 1,
});

describe("createApprovalHook", () => {
  it.each([
    ["allows a known read-only command without asking", ["ls"], undefined, { type: "allow" }],
    [
      "denies when a question is needed and no one can answer",
      ["touch", "f"],
      undefined,
      {
        type: "deny",
        reason: "the sandbox is read-only: only known read-only commands run, and no one is available to approve it",
      },
    ],
    [
      "allows what the person approves, outside the sandbox that forbade it",
      ["touch", "f"],
      true,
      { type: "allow", escalated: true },
    ],
    ["denies what the person declines", ["touch", "f"], false, { type: "deny", reason: "the user declined this call" }],
  ])("%s", async (_name, command, answer, expected) => {
    const hook = createApprovalHook({ facts, cwd: "/w", ...(answer === undefined ? {} : { ask: async () => answer }) });
    expect(await hook(callOf(...command))).toEqual(expected);
  });

  it("asks one question at a time when calls arrive in parallel", async () => {
    const log: string[] = [];
    const pending: (() => void)[] = [];
    const ask = (q: ApprovalQuestion) => {
      log.push(`ask ${q.summary}`);
      return new Promise<boolean>((resolve) => pending.push(() => (log.push(`answer ${q.summary}`), resolve(true))));
    };
    const hook = createApprovalHook({ facts, cwd: "/w", ask });
    const both = Promise.all([hook(callOf("touch", "a")), hook(callOf("touch", "b"))]);
    // Once everything already queued has run (no clock: the hook does no IO).
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(["ask touch a"]);
    pending.shift()!();
    await new Promise((r) => setImmediate(r));
    pending.shift()!();
    expect(await both).toEqual([
      { type: "allow", escalated: true },
      { type: "allow", escalated: true },
    ]);
    expect(log).toEqual(["ask touch a", "answer touch a", "ask touch b", "answer touch b"]);
  });

  it("keeps a call the sandbox allows inside it when an untrusted-mode question is answered yes", async () => {
    const hook = createApprovalHook({
      facts: { ...facts, sandbox: "workspace-write", approval: "untrusted", osSandbox: true },
      cwd: "/w",
      ask: async () => true,
    });
    expect(await hook(callOf("npm", "test"))).toEqual({ type: "allow" });
  });

  it("keeps asking after a question failed", async () => {
    let n = 0;
    const hook = createApprovalHook({
      facts,
      cwd: "/w",
      ask: async () => (n++ === 0 ? Promise.reject(new Error("terminal closed")) : true),
    });
    await expect(hook(callOf("touch", "a"))).rejects.toThrow("terminal closed");
    expect(await hook(callOf("touch", "b"))).toEqual({ type: "allow", escalated: true });
  });
});
