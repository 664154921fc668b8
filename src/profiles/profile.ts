// Profile: what differs between harnesses — discovery rules and caps, section order, request field order,
// base-instructions placement and the tool list. Types only (pure).
import type { ReasoningParams } from "../model/request.js";
import type { TurnContext } from "../model/turn-context.js";
import type { ToolDeclaration } from "./tool-declaration.js";

export type ProfileId = "codex" | "promptc";

export type RequestField =
  | "model"
  | "instructions"
  | "stream"
  | "input"
  | "tools"
  | "tool_choice"
  | "parallel_tool_calls"
  | "reasoning"
  | "store"
  | "include"
  | "service_tier"
  | "prompt_cache_key"
  | "text"
  | "client_metadata";

/** Content items of the initial developer message. */
export type DeveloperSectionId = "developer-instructions" | "skills" | "permissions" | "deferred-tools" | "collaboration-mode";
/** Developer messages of their own after the bundled developer message (Codex code-mode models). */
export type DeveloperMessageId = "multi-agent-role" | "multi-agent-mode";
/** Content items of the initial contextual user message. */
export type ContextSectionId = "agents-md" | "environment-context";

/** How discovery differs per profile (the caps themselves are Codex's, in discovery-rules.ts, for both). */
export interface DiscoveryRules {
  /** Codex decodes a cut that splits a UTF-8 character lossily (U+FFFD); promptc cuts on a boundary. */
  lossyUtf8Cut: boolean;
}

export interface Profile {
  id: ProfileId;
  description: string;
  discovery: DiscoveryRules;
  /** Top-level keys of the request body, in serialisation order. */
  requestFields: readonly RequestField[];
  /** Codex 0.171.0 (observed) sends base instructions as the first developer message, not as `instructions`. */
  baseInstructions: "developer-message" | "instructions-field";
  /** Whether input messages carry an `id` (Codex 0.171.0 sends `msg_<uuid>` ids; promptc derives them from data). */
  messageIds: boolean;
  developerSections: readonly DeveloperSectionId[];
  /** Developer messages after the bundled one, each its own message (none when absent). */
  developerMessages?: readonly DeveloperMessageId[];
  /** The skills section ends with the `skills-usage` prose (Codex: `include_skills_usage_instructions`). */
  skillsUsage?: boolean;
  /** Where the tools travel: the request's `tools` (default) or an `additional_tools` input item first in `input`. */
  toolPlacement?: "request" | "input-item";
  /** Context window facts of the model the profile was made for (per-model profiles). */
  modelWindow?: { tokens: number; effectivePercent: number; maxTokens?: number; source: "model catalogue" | "fallback" | "config" };
  contextSections: readonly ContextSectionId[];
  /** The model catalogue that decides the request's layout per model (`codex`: Codex's `debug models` catalogue). */
  modelCatalogue?: "codex";
  /** Version of the harness the profile reproduces. */
  targetVersion?: string;
  /** Render 0.171.0's `<filesystem>` element in the environment context. */
  environmentFilesystem: boolean;
  tools: (ctx: TurnContext) => ToolDeclaration[];
  /** `declared` keeps the profile's order (Codex's build order); `by-name` sorts by name, stably. */
  toolOrder: "declared" | "by-name";
  request: {
    stream: boolean;
    toolChoice: "auto" | "none" | "required";
    parallelToolCalls: boolean;
    reasoning: ReasoningParams | null;
    /** `text: { verbosity }` (Codex: catalogue models with `support_verbosity`). */
    text?: { verbosity: "low" | "medium" | "high" };
    store: boolean;
    include: string[];
    /** Emit `client_metadata` with the ids derivable from the session id. */
    clientMetadata: boolean;
  };
}
