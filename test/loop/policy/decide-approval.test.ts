import { describe, expect, it } from "vitest";
import {
  decideApproval,
  isInside,
  type ApprovalFacts,
  type ApprovalRequest,
} from "../../../src/loop/policy/decide-approval.js";

const facts = (over: Partial<ApprovalFacts>): ApprovalFacts => ({
  sandbox: "workspace-write",
  approval: "on-request",
  writableRoots: ["/w"],
  approvedPrefixes: [],
  ...over,
});
const shell = (...command: string[]): ApprovalRequest => ({ toolName: "shell", kind: "execute", command });
const edit = (path: string): ApprovalRequest => ({ toolName: "edit_file", kind: "write", writePaths: [path] });

describe("decideApproval", () => {
  it.each<[string, ApprovalRequest, Partial<ApprovalFacts>, string]>([
    [
      "read tools run anywhere",
      { toolName: "read_file", kind: "read" },
      { sandbox: "read-only", approval: "never" },
      "allow",
    ],
    ["plan tools run anywhere", { toolName: "update_plan", kind: "plan" }, { sandbox: "read-only" }, "allow"],
    [
      "read-only refuses an edit even when approval is never",
      edit("/w/a.ts"),
      { sandbox: "read-only", approval: "never" },
      "deny",
    ],
    [
      "read-only refuses an edit under on-request too",
      edit("/w/a.ts"),
      { sandbox: "read-only", approval: "on-request" },
      "deny",
    ],
    ["workspace-write allows an edit inside the root", edit("/w/src/a.ts"), {}, "allow"],
    ["workspace-write asks for an edit outside the root", edit("/etc/passwd"), {}, "ask"],
    [
      "workspace-write denies an edit outside the root when approval is never",
      edit("/w/../etc/x"),
      { approval: "never" },
      "deny",
    ],
    ["untrusted asks before an edit", edit("/w/a.ts"), { approval: "untrusted" }, "ask"],
    ["danger-full-access edits anywhere", edit("/etc/x"), { sandbox: "danger-full-access" }, "allow"],
    [
      "a known read-only command runs in read-only",
      shell("ls", "-la"),
      { sandbox: "read-only", approval: "never" },
      "allow",
    ],
    [
      "read-only denies a writing command when approval is never",
      shell("rm", "-rf", "x"),
      { sandbox: "read-only", approval: "never" },
      "deny",
    ],
    ["read-only asks for a writing command under on-request", shell("touch", "x"), { sandbox: "read-only" }, "ask"],
    [
      "read-only ignores approved prefixes",
      shell("npm", "test"),
      { sandbox: "read-only", approval: "never", approvedPrefixes: [["npm"]] },
      "deny",
    ],
    ["untrusted asks for an unknown command", shell("npm", "test"), { approval: "untrusted" }, "ask"],
    [
      "untrusted allows an approved prefix",
      shell("npm", "test"),
      { approval: "untrusted", approvedPrefixes: [["npm", "test"]] },
      "allow",
    ],
    [
      "without an OS sandbox, never denies a command workspace-write cannot confine",
      shell("npm", "test"),
      { approval: "never" },
      "deny",
    ],
    [
      "with bubblewrap, never runs a command inside workspace-write",
      shell("npm", "test"),
      { approval: "never", osSandbox: true },
      "allow",
    ],
    [
      "with bubblewrap, read-only runs a command nobody can approve inside the sandbox",
      shell("touch", "x"),
      { sandbox: "read-only", approval: "never", osSandbox: true },
      "allow",
    ],
    [
      "with bubblewrap, read-only still asks under on-request (a yes lifts the sandbox)",
      shell("touch", "x"),
      { sandbox: "read-only", osSandbox: true },
      "ask",
    ],
    [
      "on-request asks before a command workspace-write cannot confine",
      shell("npm", "test"),
      { approval: "on-request" },
      "ask",
    ],
    [
      "with bubblewrap, on-request runs a command inside workspace-write",
      shell("npm", "test"),
      { approval: "on-request", osSandbox: true },
      "allow",
    ],
    [
      "on-request runs a known read-only command in workspace-write",
      shell("git", "status"),
      { approval: "on-request" },
      "allow",
    ],
    [
      "on-request runs an approved prefix in workspace-write",
      shell("npm", "test"),
      { approval: "on-request", approvedPrefixes: [["npm"]] },
      "allow",
    ],
    [
      "without an OS sandbox, on-failure asks before a command workspace-write cannot confine",
      shell("npm", "test"),
      { approval: "on-failure" },
      "ask",
    ],
    [
      "with bubblewrap, on-failure runs commands in workspace-write",
      shell("npm", "test"),
      { approval: "on-failure", osSandbox: true },
      "allow",
    ],
    [
      "danger-full-access runs commands under on-request",
      shell("npm", "test"),
      { sandbox: "danger-full-access", approval: "on-request" },
      "allow",
    ],
  ])("%s", (_name, request, over, expected) => {
    expect(decideApproval(request, facts(over)).type).toBe(expected);
  });

  it.each<[string, ApprovalRequest, Partial<ApprovalFacts>, boolean]>([
    ["a yes to a write outside the roots lifts the sandbox for it", edit("/etc/x"), {}, true],
    ["a yes in untrusted mode keeps the edit inside the sandbox", edit("/w/a"), { approval: "untrusted" }, false],
    [
      "a yes to a command read-only forbids lifts the sandbox for it",
      shell("touch", "x"),
      { sandbox: "read-only", osSandbox: true },
      true,
    ],
    [
      "an approved prefix runs confined when bubblewrap can confine it",
      shell("npm", "test"),
      { approvedPrefixes: [["npm"]], osSandbox: true },
      false,
    ],
    [
      "an approved prefix runs as approved when nothing can confine it",
      shell("npm", "test"),
      { approvedPrefixes: [["npm"]] },
      true,
    ],
  ])("escalates only when the sandbox forbids: %s", (_name, request, over, escalates) => {
    const decision = decideApproval(request, facts(over));
    expect(decision.type !== "deny" && decision.escalate === true).toBe(escalates);
  });

  it("explains a denial", () => {
    expect(decideApproval(edit("/w/a"), facts({ sandbox: "read-only" }))).toEqual({
      type: "deny",
      reason: "the sandbox is read-only: writes are refused",
    });
  });
});

describe("isInside", () => {
  it.each([
    ["/w/a", "/w", true],
    ["/w", "/w", true],
    ["/wx/a", "/w", false],
    ["/w/../x", "/w", false],
    ["/w/./b/../c", "/w/", true],
  ])("%s inside %s is %s", (path, root, expected) => {
    expect(isInside(path, root)).toBe(expected);
  });
});
