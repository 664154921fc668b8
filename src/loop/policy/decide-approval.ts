// Policy outside the model: may this tool call run, must it be denied, or must a person be asked? Pure.
// The sandbox is authoritative: a read-only sandbox refuses writes whatever the model claims about a call.
import type { ApprovalPolicy, SandboxMode } from "../../model/turn-context.js";
import type { ToolKind } from "../tool.js";
import { isKnownSafeCommand } from "./is-known-safe-command.js";

export interface ApprovalFacts {
  sandbox: SandboxMode;
  approval: ApprovalPolicy;
  /** Absolute roots writes may land in under workspace-write (writableRoots(), as the permissions text shows). */
  writableRoots: readonly string[];
  /** Allow rules: argv prefixes the user approved for good. */
  approvedPrefixes: readonly (readonly string[])[];
  /** Whether an OS sandbox (bubblewrap) confines commands; without one only known read-only commands run unasked. */
  osSandbox?: boolean;
}

export interface ApprovalRequest {
  toolName: string;
  kind: ToolKind;
  /** For `execute` tools: the argv to run. */
  command?: readonly string[];
  /** For `write` tools: absolute paths the call writes. */
  writePaths?: readonly string[];
}

/** `escalate`: the sandbox would not allow the call, so it runs outside it (after a person's yes, on an ask). */
export type ApprovalDecision =
  | { type: "allow"; reason: string; escalate?: true }
  | { type: "deny"; reason: string }
  | { type: "ask"; reason: string; escalate?: true };

export function decideApproval(request: ApprovalRequest, facts: ApprovalFacts): ApprovalDecision {
  switch (request.kind) {
    case "read":
    case "plan":
      return { type: "allow", reason: `${request.kind} tools need no approval` };
    case "write":
      return decideWrite(request, facts);
    case "execute":
      return decideExecute(request, facts);
    default: {
      const never: never = request.kind;
      throw new Error(`unknown tool kind ${String(never)}`);
    }
  }
}

/** A person may lift the sandbox for one call unless nobody can be asked (`never`). */
function escalation(reason: string, facts: ApprovalFacts): ApprovalDecision {
  return facts.approval === "never" ? { type: "deny", reason } : { type: "ask", reason, escalate: true };
}

function decideWrite(request: ApprovalRequest, facts: ApprovalFacts): ApprovalDecision {
  if (facts.sandbox === "read-only") return { type: "deny", reason: "the sandbox is read-only: writes are refused" };
  const outside = (request.writePaths ?? []).filter((p) => !facts.writableRoots.some((root) => isInside(p, root)));
  if (facts.sandbox === "workspace-write" && outside.length > 0)
    return escalation(`writes outside the writable roots: ${outside.join(", ")}`, facts);
  if (facts.approval === "untrusted") return { type: "ask", reason: "untrusted mode asks before every edit" };
  return { type: "allow", reason: `${facts.sandbox} permits this write` };
}

function decideExecute(request: ApprovalRequest, facts: ApprovalFacts): ApprovalDecision {
  const argv = request.command ?? [];
  if (isKnownSafeCommand(argv)) return { type: "allow", reason: "a known read-only command" };
  if (facts.sandbox === "danger-full-access") {
    if (facts.approval === "untrusted")
      return { type: "ask", reason: "untrusted mode asks before commands that are not known to be read-only" };
    return { type: "allow", reason: `danger-full-access with approval ${facts.approval} runs commands` };
  }
  if (facts.sandbox === "read-only") {
    const reason = "the sandbox is read-only: only known read-only commands run";
    // With bubblewrap a command that nobody can approve still runs, confined: it cannot write anything.
    if (facts.osSandbox && facts.approval === "never")
      return { type: "allow", reason: "runs inside the read-only sandbox" };
    return escalation(reason, facts);
  }
  if (facts.approvedPrefixes.some((prefix) => startsWith(argv, prefix))) {
    // The user approved these for good: confined when a sandbox can confine them, else run as approved.
    return facts.osSandbox
      ? { type: "allow", reason: "matches an approved command prefix" }
      : { type: "allow", reason: "matches an approved command prefix", escalate: true };
  }
  if (facts.approval === "untrusted")
    return { type: "ask", reason: "untrusted mode asks before commands that are not known to be read-only" };
  if (!facts.osSandbox)
    return escalation(
      "no OS sandbox can confine commands to the writable roots: only known read-only commands run",
      facts,
    );
  return { type: "allow", reason: "runs inside the workspace-write sandbox" };
}
function startsWith(argv: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= argv.length && prefix.every((p, i) => argv[i] === p);
}

/** Lexical containment on normalised absolute paths (POSIX separators). */
export function isInside(path: string, root: string): boolean {
  const p = normalise(path);
  const r = normalise(root);
  return p === r || p.startsWith(r.endsWith("/") ? r : `${r}/`);
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const part of path.replace(/\\/g, "/").split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}
