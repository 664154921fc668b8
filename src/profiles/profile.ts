// Profile: everything that differs between harnesses, carried as data — discovery rules, layout, wire format,
// tokenizer, window, session behaviour, tool set, prose slots and request settings — so nothing outside profiles/
// asks a profile its name. Types only (pure).
//
// ── One shape, two layouts ──────────────────────────────────────────────────────────────────────────────────
// Every harness is a value of `Profile`, in one registry (profiles/index.ts `PROFILES`). What differs is data,
// and the one thing that differs in kind is the layout, a union on `type`:
//   "envelopes"  promptc lays the request out itself from a TurnContext (Codex's discovery: AGENTS.md walk,
//                skills, config): initial context as envelopes of sections, then plan → assemble → a Responses
//                body. Such a profile also says how later turns change (session), which tools it declares
//                (tools), its request settings (request), its bundled prose (prose) and per-model variants.
//   "body"       the harness's own request (Claude Code's Messages body, Gemini's generateContent, pi's
//                provider body) is built by a pure `build(turn, prose)` over the turn its discovery found, with
//                promptc's stand-in prose until the user's agent calibrates it. Its wire format may follow the
//                turn (pi posts whatever API its configured provider speaks).
// Session, tools and request settings belong to the envelope layout because they describe how promptc builds a
// Responses body; a "body" profile's layout builds all of that itself, so it has none of them rather than
// placeholders. `Profile` is the union; `Profile<"envelopes">` / `Profile<"body">` name one layout's profiles,
// and `hasEnvelopeLayout` narrows (profile-for-model.ts).
//
// Common to every profile:
//   id           open string, the registry key; shown to users, never branched on
//   displayName  the harness's name for headers ("Claude Code")
//   discovery    which discovery the discover/ layer runs for it, as data (`type` plus that discovery's
//                parameters: Codex's decode mode and approval rules
//                per entry point, pi's project-root markers): discover/load-turn-context.ts runs
//                "turn-context", discover/load-harness-turn.ts the harnesses' own
//   wire         { format }: the body's wire format id (model/wire-format.ts); envelope profiles add `fields`,
//                the top-level key order (compile/wire-formats.ts encodes from Responses); `pi-provider` is
//                resolved per turn by the layout's postedWire() to the format compile/wire/serialize-body.ts writes
//   tokenizer    the encoding promptc counts with and whether counts are estimates (no published tokenizer)
//   window       the context window, when the profile states one (per-model profiles take it from a catalogue)
//   targetVersion  the harness version the profile reproduces (calibrated prose is kept per version)
//
// Add a harness that promptc lays out itself: write src/profiles/<name>.ts exporting a Profile<"envelopes"> value
// (spread an existing one if it is close), add templates/<prose.bundled>/ and run `npm run gen:prose`. Add a
// harness with its own body: a Profile<"body"> whose layout builds the body from a turn type of its own, plus a
// discovery `type` that discover/load-harness-turn.ts runs. Either way add it to PROFILE_LIST in profiles/index.ts;
// nothing in session/, compile/ or cli/ changes. Add a wire format: add its id to WireFormatId
// (model/wire-format.ts) and its serialiser to compile/wire/serialize-body.ts (keyed by PostedWireFormatId, so it
// fails to typecheck until you do); an envelope profile's format also needs a Responses encoder in
// compile/wire-formats.ts (keyed by EnvelopeWireFormatId): body() writes the top-level object from the internal
// Responses-shaped request, item() one conversation item, historyKey names the array a session appends to.
// compile() and the session apply profileForModel() to every turn, so a variant may switch layout, request
// settings, wire format or tools per model.
import type { ApprovalRules } from "../model/approval-rules.js";
import type { DecodeMode } from "../model/decode-mode.js";
import type { EncodingName } from "../tokens/count.js";
import type { WireLayer } from "../model/harness-request.js";
import type { ProseOrigin } from "../model/manifest.js";
import type { EnvelopeWireFormatId, PostedWireFormatId, WireFormatId } from "../model/wire-format.js";
import type { ReasoningParams, ResponsesRequest, ToolSpec } from "../model/request.js";
import type { SkillMetadata, TurnContext } from "../model/turn-context.js";
import type { RenderedFragment } from "../fragments/fragment.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { RenderProseOptions } from "../fragments/render-template.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { HarnessSessionFacts, HarnessSessionFormat } from "./harness-session.js";
import type { ToolDeclaration } from "./tool-declaration.js";

export type { EnvelopeWireFormatId, PostedWireFormatId, WireFormatId } from "../model/wire-format.js";

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

/** A layout promptc assembles itself: base instructions, then the initial context as envelopes of sections. */
export interface EnvelopeLayout {
  type: "envelopes";
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
  /** `profile`: the window the profile states for its harness's default model. */
  source: "model catalogue" | "fallback" | "profile";
}

/** Codex's discovery into a TurnContext (AGENTS.md walk, skills, config, environment; caps in discovery-rules.ts). */
export interface TurnContextDiscovery {
  type: "turn-context";
  /** Codex decodes a cut that splits a UTF-8 character lossily (U+FFFD); promptc cuts on a boundary. */
  decode: DecodeMode;
  /**
   * How the approval policy follows from config and trust: for the entry point a preview models by default, and
   * the interactive one `--tui` selects (Codex: `codex exec` forces never, the TUI honours config.toml). Absent:
   * the config's policy, else never.
   */
  approval?: { default: ApprovalRules; interactive?: ApprovalRules };
}

/** Claude Code's: ~/.claude/CLAUDE.md, CLAUDE.md in every ancestor, @imports, skills, ~/.claude.json, git facts. */
export interface ClaudeMemoryDiscovery {
  type: "claude-memory";
}

/** Gemini CLI's: GEMINI.md from the git root to the cwd and ~/.gemini, in-place imports, skills, settings. */
export interface GeminiMemoryDiscovery {
  type: "gemini-memory";
  /** The agent's approval modes (`--approval-mode`): each changes the tool set and the mode named in the prose. */
  approvalModes: readonly string[];
}

/** pi's: AGENTS.md/CLAUDE.md in every folder from the filesystem root, skills up to the project root, ~/.pi/agent. */
export interface PiContextDiscovery {
  type: "pi-context";
  /** pi's project root is the nearest ancestor holding one of these (file or folder), not git's answer. */
  projectRootMarkers: readonly string[];
}

/** Copilot CLI's: its home's and the git root's instruction files, then the folders from the cwd up, inline
 * imports, `.instructions.md` rules, skills, the BYOK provider settings. */
export interface CopilotInstructionsDiscovery {
  type: "copilot-instructions";
  /** Commands the prompt reports when they are on PATH (the edge probes them; the loader gets the answer). */
  probeCommands: readonly string[];
}

/** Which discovery the discover/ layer runs for a profile, with that discovery's parameters. */
export type DiscoveryRules =
  | TurnContextDiscovery
  | ClaudeMemoryDiscovery
  | GeminiMemoryDiscovery
  | PiContextDiscovery
  | CopilotInstructionsDiscovery;
/** The discoveries whose turn a "body" layout builds from. */
export type HarnessDiscovery = Exclude<DiscoveryRules, TurnContextDiscovery>;

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
   * How update parts become messages: `merge-adjacent` merges adjacent parts of one role except the model switch and
   * the multi-agent texts (0.171.0); `merge-adjacent-user` keeps each developer part its own message and merges
   * adjacent user parts; `one-per-role` sends one developer message, then one user message.
   */
  updateGrouping: "merge-adjacent" | "merge-adjacent-user" | "one-per-role";
  environmentDiff: EnvironmentDiffRules;
}

/** An envelope profile's body: a format promptc encodes from its Responses-shaped request, and its key order. */
export interface EnvelopeWire {
  format: EnvelopeWireFormatId;
  /** Top-level keys of the request body, in serialisation order (keys not listed are not sent). */
  fields: readonly RequestField[];
}

/** A "body" profile's wire format (its layout orders the keys itself). */
export interface BodyWire {
  format: WireFormatId;
}

export type WireFormat = EnvelopeWire | BodyWire;

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
  layout?: Partial<Omit<EnvelopeLayout, "type">>;
  window?: ModelWindow;
  request?: Partial<RequestSettings>;
  wire?: EnvelopeWire;
  tools?: Partial<ToolSet>;
  /** See Profile.compactionFamily. */
  compactionFamily?: string;
}

/** The body a "body" layout builds, with where each model-visible piece sits, and its tools. */
export interface BuiltBody {
  body: { [key: string]: unknown };
  layers: WireLayer[];
  tools: { name: string; value: unknown; prose: ProseOrigin }[];
  /** What the layout could not reproduce, said instead of guessed. */
  diagnostics?: Diagnostic[];
}

/**
 * A layout the harness's own request follows, as a pure function of the turn its discovery found. `Turn` and
 * `Prose` are the harness's own types; the registry holds them as unknown (its loader and calibration supply them).
 */
export interface BodyLayout<Turn = unknown, Prose = unknown> {
  type: "body";
  /** promptc's own words in each prose slot, until the user's agent supplies its prose (`calibrate --agent`). */
  standInProse: Prose;
  build(turn: Turn, prose: Prose): BuiltBody;
  /** Method and path (with query) the agent posts this turn to. */
  endpoint(turn: Turn): string;
  /** The model this turn uses. */
  model(turn: Turn): string;
  /** The format this turn's body is posted in, when the profile's wire format follows the turn (`pi-provider`). */
  postedWire?(turn: Turn): PostedWireFormatId;
  /**
   * Folders the agent keeps for this project outside it and names in the body, named after the project rather
   * than found below it (Gemini CLI's `~/.gemini/tmp/<project>`): snapshots write them as `<projectDir>`.
   */
  projectFolders?(turn: Turn): string[];
  /** Resuming one of the agent's own sessions (`preview --session FILE`). */
  session?: BodySessionBehaviour<Turn, Prose>;
}

/**
 * How a body-layout harness resumes one of its own sessions: the session-file format (session-log/harness/ has a
 * reader per format) and the next request from the session as read plus the turn discovered now.
 */
export interface BodySessionBehaviour<Turn = unknown, Prose = unknown, Session = unknown> {
  format: HarnessSessionFormat;
  /** Where the agent keeps its session files, for help and errors. */
  where: string;
  facts(session: Session): HarnessSessionFacts;
  /** The session's conversation as the agent sends it again, then the turn's new message. */
  next(turn: Turn, prose: Prose, session: Session): BuiltBody;
  /**
   * The session as the agent keeps it after a turn (what its session reader would read back): `previous` (none on
   * the first turn), the turn, the body it sent and the model's reply. Scenarios continue their later turns from it.
   */
  record(previous: Session | undefined, sent: RecordedTurn<Turn>): Session;
}

/** One turn of a session as it happened: the turn, the body sent for it and the model's text reply. */
export interface RecordedTurn<Turn = unknown> {
  turn: Turn;
  body: { [key: string]: unknown };
  reply: string;
  /** The session's id (the agent's own; a scenario's `session.id`). */
  sessionId: string;
}

export type Layout = EnvelopeLayout | BodyLayout;
export type LayoutType = Layout["type"];

/** How promptc counts a profile's tokens. */
export interface TokenizerRules {
  encoding: EncodingName;
  /** True when the harness's model has no published tokenizer: counts are o200k estimates. */
  estimate: boolean;
}

interface ProfileHead {
  id: ProfileId;
  /** The harness's name, for headers and tables. */
  displayName: string;
  description: string;
  tokenizer: TokenizerRules;
  /** Version of the harness the profile reproduces. */
  targetVersion?: string;
  /** The context window: the profile's own, or the model's (per-model profiles from a catalogue). */
  window?: ModelWindow;
  /**
   * What the harness sends at every session start for one project skill: its entry in the skills listing (the
   * whole SKILL.md is read only when the skill is used). `promptc agents` counts this as a skill's cost.
   */
  skillListingEntry: (skill: ListedSkill) => string;
}

/** A skill as a listing names it. */
export interface ListedSkill {
  name: string;
  description: string;
  /** The SKILL.md path the harness gives the model. */
  path: string;
}

/** What a profile laid out as envelopes carries: promptc builds its Responses body. */
interface EnvelopeParts {
  discovery: TurnContextDiscovery;
  layout: EnvelopeLayout;
  wire: EnvelopeWire;
  session: SessionBehaviour;
  tools: ToolSet;
  prose: ProseSlots;
  request: RequestSettings;
  /** Per-model variants (undefined: every model gets the base shape). */
  models?: (model: string) => ProfileVariant | undefined;
  /** The model catalogue that decides the shape per model at run time (`codex`: Codex's `debug models` catalogue). */
  modelCatalogue?: "codex";
  /**
   * Models of different compaction families cannot continue each other's history: a switch between two models
   * whose families are both known compacts the history first (Codex 0.171.0: the catalogue's `comp_hash`).
   */
  compactionFamily?: string;
}

/** What a profile with its own body carries: its layout builds the whole body from its discovered turn. */
interface BodyParts {
  discovery: HarnessDiscovery;
  layout: BodyLayout;
  wire: BodyWire;
  targetVersion: string;
  window: ModelWindow;
}

/** A harness profile; `Profile<"envelopes">` / `Profile<"body">` name the profiles of one layout. */
export type Profile<T extends LayoutType = LayoutType> = T extends "envelopes"
  ? ProfileHead & EnvelopeParts
  : ProfileHead & BodyParts;
