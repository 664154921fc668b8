// Stage 2 of compile: turn the plan into a Responses request (input items, tools, request fields), placing base
// instructions where the profile says, and record where each fragment landed. Pure.
import type { MessageItem, ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { TurnContext } from "../model/turn-context.js";
import type { RenderedFragment } from "../fragments/fragment.js";
import type { CompileOptions } from "./compile-options.js";
import { derivedUuid } from "./hash.js";
import type { Plan, PlannedMessage } from "./plan.js";

export interface FragmentPlacementRecord {
  fragment: RenderedFragment;
  /** -1 for the `instructions` field. */
  itemIndex: number;
  contentIndex: number;
}

export interface Assembled {
  request: ResponsesRequest;
  placements: FragmentPlacementRecord[];
}

/** Reproducible stand-in for Codex's random message ids: derived from the session and the item's position. */
export function messageId(sessionId: string, index: number): string {
  return `msg_${derivedUuid(`${sessionId}:${index}`)}`;
}

export function assembleRequest(plan: Plan, ctx: TurnContext, options: CompileOptions = {}): Assembled {
  const { profile } = plan;
  const placements: FragmentPlacementRecord[] = [];
  const messages: PlannedMessage[] = [...plan.messages];
  if (profile.layout.baseInstructions === "developer-message") {
    messages.unshift({
      role: "developer",
      parts: [{ part: { type: "input_text", text: plan.baseInstructions.text }, fragment: plan.baseInstructions }],
    });
  } else {
    placements.push({ fragment: plan.baseInstructions, itemIndex: -1, contentIndex: 0 });
  }
  const offset = plan.additionalTools !== undefined ? 1 : 0;
  const input: ResponseItem[] = messages.map((m, i) => {
    const index = i + offset;
    m.parts.forEach((p, contentIndex) => {
      if (p.fragment) placements.push({ fragment: p.fragment, itemIndex: index, contentIndex });
    });
    const item: MessageItem = profile.layout.messageIds
      ? { type: "message", id: messageId(ctx.sessionId, index), role: m.role, content: m.parts.map((p) => p.part) }
      : { type: "message", role: m.role, content: m.parts.map((p) => p.part) };
    return item;
  });
  if (plan.additionalTools !== undefined) {
    const tools: ResponseItem = profile.layout.messageIds
      ? {
          type: "additional_tools",
          id: `at_${derivedUuid(`${ctx.sessionId}:additional_tools`)}`,
          role: "developer",
          tools: plan.additionalTools,
        }
      : { type: "additional_tools", role: "developer", tools: plan.additionalTools };
    input.unshift(tools);
  }

  const r = profile.request;
  const request: ResponsesRequest = {
    model: ctx.model,
    stream: r.stream,
    input,
    tools: plan.tools,
    tool_choice: r.toolChoice,
    parallel_tool_calls: r.parallelToolCalls,
    reasoning: r.reasoning,
    store: r.store,
    include: [...r.include],
    prompt_cache_key: ctx.sessionId,
  };
  if (profile.layout.baseInstructions === "instructions-field") request.instructions = plan.baseInstructions.text;
  if (r.serviceTier !== undefined) request.service_tier = r.serviceTier;
  if (r.text !== undefined) request.text = r.text;
  if (r.clientMetadata || options.clientMetadata) {
    request.client_metadata = options.clientMetadata ?? {
      thread_id: ctx.sessionId,
      session_id: ctx.sessionId,
      "x-codex-window-id": `${ctx.sessionId}:0`,
    };
  }
  return { request, placements };
}
