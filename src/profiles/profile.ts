// Profile: everything that differs between harnesses, carried as data — discovery rules, layout, session
// behaviour, wire format, tool set, prose slots and request settings — so compile/ and session/ never ask a
// profile its name. Types only (pure).
//
// ── The shape, for whoever adds a harness or a model layout ────────────────────────────────────────────────
//   id           open string, the registry key (profiles/index.ts `PROFILES`); shown to users, never branched on
//   discovery    { decode, approval }: how a budgeted AGENTS.md cut is decoded ("lossy" U+FFFD like Codex, or
//                "char-boundary"); how the approval policy follows from config and trust per entry point (exec, TUI)
//   layout       base-instructions placement, message ids, the initial context as envelopes (role + sections in
//                order; a section is a built-in id or a CustomSection whose build() renders a fragment from the
//                turn, the prose and the built tool list), the environment's <filesystem> element
//   session      prefix freezing and how later turns render settings/environment updates (pure data rules)
//   wire         { format, fields }: which serialiser writes the body (compile/wire-formats.ts) and its key order
//   tools        declare(ctx) → ToolDeclaration[], their order, and whether promptc's loop can run them
//   prose        { bundled }: which templates/<bundled>/ set is the default prose (DEFAULT_PROSE key)
//   request      per-request settings (stream, tool_choice, parallel_tool_calls, reasoning, text, store, …)
//   models       optional (model) → ProfileVariant: per-model overrides of layout/request/wire/tools (Codex's
//                catalogue decides its request shape per model); profileForModel() in profile-for-model.ts merges
//
// Add a harness: write src/profiles/<name>.ts exporting a Profile value (spread an existing one if it is close),
// add it to PROFILE_LIST in profiles/index.ts, add templates/<prose.bundled>/ and run `npm run gen:prose`. Nothing
// in session/ or compile/ changes. New model-visible pieces go in as CustomSection values in layout.envelopes.
// Add a wire format: add its id to WireFormatId below and an encoder to compile/wire-formats.ts (its table is keyed
// by WireFormatId, so it fails to typecheck until you do): body() writes the top-level object from the internal
// Responses-shaped request, item() one conversation item, historyKey names the array a session appends to. Then
// name it in the profile's `wire.format`. compile() and the session apply profileForModel() to every turn, so a
// variant may switch layout, request settings, wire format or tools per model.
import type { ApprovalRules } from "../model/approval-rules.js";
import type { DecodeMode } from "../model/decode-mode.js";
import type { ReasoningParams, ResponsesRequest, ToolSpec } from "../model/request.js";
import type { SkillMetadata, TurnContext } from "../model/turn-context.js";
import type { RenderedFragment } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { RenderProseOptions } from "../fragments/render-template.js";
import type { ToolDeclaration } from "./tool-declaration.js";

/** A profile's registry key (open: new harnesses are new values). */
export type ProfileId = string;

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

/** Built-in sections of the initial developer message. */
export type DeveloperSectionId = "developer-instructions" | "skills" | "permissions";
/** Built-in sections of the initial contextual user message. */
export type ContextSectionId = "agents-md" | "environment-context";
export type BuiltinSectionId = DeveloperSectionId | ContextSectionId;

/** What a custom section is rendered from (all data; the build function must be pure). */
export interface SectionInput {
  ctx: TurnContext;
  prose: ProseSet;
  /** The turn's skills after `transformSkills`. */
  skills: readonly SkillMetadata[];
  /** The request's tool list as built (after `transformTools` and ordering). */
  tools: readonly ToolSpec[];
  renderOptions: RenderProseOptions;
}

/** A section a profile renders itself (e.g. a per-model developer message); undefined sends nothing. */
export interface CustomSection {
  id: string;
  build: (input: SectionInput) => RenderedFragment | undefined;
}

export type SectionRef = BuiltinSectionId | CustomSection;

/** One message of the initial context; an envelope whose sections all render nothing is left out. */
export interface Envelope {
  role: "developer" | "user";
  sections: readonly SectionRef[];
}

export interface Layout {
  /** Codex 0.171.0 (observed) sends base instructions as the first developer message, not as `instructions`. */
  baseInstructions: "developer-message" | "instructions-field";
  /** Whether input messages carry an `id` (Codex 0.171.0 sends `msg_<uuid>` ids; promptc derives them from data). */
  messageIds: boolean;
  /** The initial context after the base instructions, message by message; the user's message follows. */
  envelopes: readonly Envelope[];
  /** Render 0.171.0's `<filesystem>` element in the environment context. */
  environmentFilesystem: boolean;
  /** Where the tools travel: the request's `tools` (default) or an `additional_tools` item first in `input` (Codex code mode). */
  toolPlacement?: "request" | "input-item";
  /** The skills section ends with the `skills-usage` prose (Codex: `include_skills_usage_instructions`). */
  skillsUsage?: boolean;
}

/** The context window of the model a per-model profile was made for. */
export interface ModelWindow {
  tokens: number;
  /** Share of the window Codex treats as usable (`effective_context_window_percent`). */
  effectivePercent: number;
  maxTokens?: number;
  source: "model catalogue" | "fallback";
}

/** How discovery differs per profile (the caps themselves are Codex's, in discovery-rules.ts, for all). */
export interface DiscoveryRules {
  /** Codex decodes a cut that splits a UTF-8 character lossily (U+FFFD); promptc cuts on a boundary. */
  decode: DecodeMode;
  /**
   * How the approval policy follows from config and trust: for the entry point a preview models by default, and
   * the interactive one `--tui` selects (Codex: `codex exec` forces never, the TUI honours config.toml). Absent:
   * the config's policy, else never.
   */
  approval?: { default: ApprovalRules; interactive?: ApprovalRules };
}

/** Which environment fields an environment-diff item carries when something changed. */
export interface EnvironmentDiffRules {
  /** `together`: cwd and shell are both sent when either changed (0.171.0 compares the pair); `each`: only the changed one. */
  cwdAndShell: "together" | "each";
  /** Network and `<filesystem>` repeated whenever an update is sent (`always`), or only when they changed. */
  networkAndFilesystem: "always" | "when-changed";
}

/** How later turns of a session differ from the first. */
export interface SessionBehaviour {
  /** Freeze `instructions` and `tools` at the first turn, so the cached prefix survives setting changes. */
  freezePrefix: boolean;
  /** Re-send developer instructions that changed or were added (0.171.0 keeps no baseline for them). */
  resendDeveloperInstructions: boolean;
  /**
   * How update parts become messages: `merge-adjacent-user` keeps each developer part its own message and merges
   * adjacent user parts (0.171.0); `one-per-role` sends one developer message, then one user message.
   */
  updateGrouping: "merge-adjacent-user" | "one-per-role";
  environmentDiff: EnvironmentDiffRules;
}

/** Request body serialisers; each has an encoder in compile/wire-formats.ts. */
export type WireFormatId = "openai-responses";

export interface WireFormat {
  format: WireFormatId;
  /** Top-level keys of the request body, in serialisation order (keys not listed are not sent). */
  fields: readonly RequestField[];
}

export interface ToolSet {
  declare: (ctx: TurnContext) => ToolDeclaration[];
  /** `declared` keeps the profile's order (Codex's build order); `by-name` sorts by name, stably. */
  order: "declared" | "by-name";
  /** promptc's loop can execute exactly these tools; when false, `run` sends the loop's own tools instead. */
  runByLoop: boolean;
}

export interface ProseSlots {
  /** The bundled prose set (templates/<bundled>/, a DEFAULT_PROSE key) the profile renders by default. */
  bundled: string;
}

export interface RequestSettings {
  stream: boolean;
  toolChoice: ResponsesRequest["tool_choice"];
  parallelToolCalls: boolean;
  reasoning: ReasoningParams | null;
  store: boolean;
  include: string[];
  /** Emit `client_metadata` with the ids derivable from the session id. */
  clientMetadata: boolean;
  /** `text` settings (verbosity, format) for models that take them. */
  text?: NonNullable<ResponsesRequest["text"]>;
  serviceTier?: string;
}

/** Per-model overrides: what a model catalogue entry changes in the profile's shape. */
export interface ProfileVariant {
  layout?: Partial<Layout>;
  window?: ModelWindow;
  request?: Partial<RequestSettings>;
  wire?: WireFormat;
  tools?: Partial<ToolSet>;
}

export interface Profile {
  id: ProfileId;
  description: string;
  discovery: DiscoveryRules;
  layout: Layout;
  session: SessionBehaviour;
  wire: WireFormat;
  tools: ToolSet;
  prose: ProseSlots;
  request: RequestSettings;
  /** Per-model variants (undefined: every model gets the base shape). */
  models?: (model: string) => ProfileVariant | undefined;
  /** The model catalogue that decides the shape per model at run time (`codex`: Codex's `debug models` catalogue). */
  modelCatalogue?: "codex";
  /** Version of the harness the profile reproduces. */
  targetVersion?: string;
  /** Window of the model the profile was made for (per-model profiles from a catalogue). */
  window?: ModelWindow;
}
