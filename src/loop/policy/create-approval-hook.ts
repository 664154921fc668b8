// Turns the pure approval policy into a beforeToolCall hook; "ask" goes to an injected asker (a terminal prompt).
// No IO here: without an asker, a call that needs approval is denied and the model is told why.
import type { ToolDecision } from "../events.js";
import type { ToolCallContext } from "../execute-tool-call.js";
import { decideApproval, type ApprovalFacts, type ApprovalRequest } from "./decide-approval.js";

export interface ApprovalQuestion {
  toolName: string;
  summary: string;
  reason: string;
}

export interface ApprovalHookOptions {
  facts: ApprovalFacts;
  cwd: string;
  /** Asks a person; resolves true to allow. */
  ask?: (question: ApprovalQuestion) => Promise<boolean>;
}

export function createApprovalHook(options: ApprovalHookOptions): (context: ToolCallContext) => Promise<ToolDecision> {
  // Parallel tool calls must not put two questions on one terminal at once: questions wait for each other.
  let queue: Promise<unknown> = Promise.resolve();
  const askInTurn = (ask: NonNullable<ApprovalHookOptions["ask"]>, question: ApprovalQuestion): Promise<boolean> => {
    const answer = queue.then(() => ask(question));
    queue = answer.catch(() => undefined);
    return answer;
  };
  return async (context) => {
    const request = approvalRequestOf(context, options.cwd);
    const decision = decideApproval(request, options.facts);
    switch (decision.type) {
      case "allow":
        return decision.escalate ? { type: "allow", escalated: true } : { type: "allow" };
      case "deny":
        return { type: "deny", reason: decision.reason };
      case "ask": {
        if (!options.ask) return { type: "deny", reason: `${decision.reason}, and no one is available to approve it` };
        const approved = await askInTurn(options.ask, {
          toolName: request.toolName,
          summary: summarize(request),
          reason: decision.reason,
        });
        if (!approved) return { type: "deny", reason: "the user declined this call" };
        return decision.escalate ? { type: "allow", escalated: true } : { type: "allow" };
      }
      default: {
        const never: never = decision;
        throw new Error(`unknown decision ${JSON.stringify(never)}`);
      }
    }
  };
}

/** What policy needs to know about a call: the argv of an execute tool, the target paths of a write tool. */
export function approvalRequestOf(context: Pick<ToolCallContext, "tool" | "args">, cwd: string): ApprovalRequest {
  const args = (typeof context.args === "object" && context.args !== null ? context.args : {}) as {
    [key: string]: unknown;
  };
  const request: ApprovalRequest = { toolName: context.tool.name, kind: context.tool.kind };
  if (Array.isArray(args.command) && args.command.every((a) => typeof a === "string"))
    request.command = args.command as string[];
  if (context.tool.kind === "write" && typeof args.path === "string")
    request.writePaths = [absolutePath(cwd, args.path)];
  return request;
}

function absolutePath(cwd: string, path: string): string {
  return path.startsWith("/") ? path : `${cwd.replace(/\/+$/, "")}/${path}`;
}

function summarize(request: ApprovalRequest): string {
  if (request.command) return request.command.join(" ");
  if (request.writePaths) return `write ${request.writePaths.join(", ")}`;
  return request.toolName;
}
