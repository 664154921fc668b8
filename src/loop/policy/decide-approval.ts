// Policy outside the model: may this tool call run, must it be denied, or must a person be asked? Pure.
// The sandbox is authoritative: a read-only sandbox refuses writes whatever the model claims about a call.
import type { ApprovalPolicy, SandboxMode } from "../../model/turn-context.js";
import type { ToolKind } from "../tool.js";
import { isKnownSafeCommand } from "./is-known-safe-command.js";

export interface ApprovalFacts {
  sandbox: SandboxMode;
  approval: ApprovalPolicy;
  /** Absolute roots writes may land in under workspace-write (cwd first). */
  writableRoots: readonly string[];
  /** Allow rules: argv prefixes the user approved for good. */
  approvedPrefixes: readonly (readonly string[])[];
}

export interface ApprovalRequest {
  toolName: string;
  kind: ToolKind;
  /** For `execute` tools: the argv to run. */
  command?: readonly string[];
  /** For `write` tools: absolute paths the call writes. */
  writePaths?: readonly string[];
}

export type ApprovalDecision = { type: "allow"; reason: string } | { type: "deny"; reason: string } | { type: "ask"; reason: string };

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

function decideWrite(request: ApprovalRequest, facts: ApprovalFacts): ApprovalDecision {
  if (facts.sandbox === "read-only") return { type: "deny", reason: "the sandbox is read-only: writes are refused" };
  const outside = (request.writePaths ?? []).filter((p) => !facts.writableRoots.some((root) => isInside(p, root)));
  if (facts.sandbox === "workspace-write" && outside.length > 0) {
    const reason = `writes outside the writable roots: ${outside.join(", ")}`;
    return facts.approval === "never" ? { type: "deny", reason } : { type: "ask", reason };
  }
  if (facts.approval === "untrusted") return { type: "ask", reason: "untrusted mode asks before every edit" };
  return { type: "allow", reason: `${facts.sandbox} permits this write` };
}

function decideExecute(request: ApprovalRequest, facts: ApprovalFacts): ApprovalDecision {
  const argv = request.command ?? [];
  if (isKnownSafeCommand(argv)) return { type: "allow", reason: "a known read-only command" };
  if (facts.sandbox === "read-only") {
    const reason = "the sandbox is read-only: only known read-only commands run";
    return facts.approval === "never" ? { type: "deny", reason } : { type: "ask", reason };
  }
  if (facts.approvedPrefixes.some((prefix) => startsWith(argv, prefix))) return { type: "allow", reason: "matches an approved command prefix" };
  if (facts.approval === "untrusted") return { type: "ask", reason: "untrusted mode asks before commands that are not known to be read-only" };
  // No OS sandbox confines a command to the writable roots, so under workspace-write a person decides whenever one
  // can be asked; `never` (nobody to ask) and `on-failure` (nothing fails without a sandbox) run it.
  if (facts.sandbox === "workspace-write" && facts.approval === "on-request") {
    return { type: "ask", reason: "workspace-write cannot confine a command to the writable roots (no OS sandbox)" };
  }
  return { type: "allow", reason: `${facts.sandbox} with approval ${facts.approval} runs commands` };
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
