// Multi-turn session state and nextRequest: the first turn sends the full initial context; later turns append
// the settings-update and environment-diff items before the new user message and never rewrite what was sent.
// Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import type { Manifest } from "../model/manifest.js";
import type { ResponsesRequest, ToolSpec } from "../model/request.js";
import type { TurnContext } from "../model/turn-context.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile } from "../profiles/profile.js";
import { messageId } from "../compile/assemble.js";
import { serializeItem, serializeRequestWithHistory } from "../compile/canonical-json.js";
import { compile, defaultProse, resolveProfile } from "../compile/compile.js";
import { useProse } from "../fragments/fragment.js";
import type { CompileOptions } from "../compile/compile-options.js";
import { normalizeHistory } from "./normalize-history.js";
import { createTokenCounter } from "../tokens/count.js";
import { createTemplateCache } from "../fragments/render-template.js";
import { buildReferenceContext, type ReferenceContext } from "./reference-context.js";
import { buildSettingsUpdate, type SettingsUpdateReason } from "./settings-update.js";

export interface SessionOptions extends CompileOptions {
  /** Whether the model takes image input (default true); false replaces recorded images with a placeholder. */
  supportsImages?: boolean;
}

export interface Session {
  readonly profile: Profile<"envelopes">;
  readonly prose: ProseSet;
  readonly options: SessionOptions;
  /** The thread id (prompt_cache_key); set by the first turn. */
  readonly sessionId: string | undefined;
  /** Everything sent so far, in order: the prefix of the next request's input. */
  readonly input: readonly ResponseItem[];
  /** `input` as comma-joined item JSON, grown by appending so a turn's bytes cost O(new items). */
  readonly inputJson: string;
  /** Recorded items the model never sees (ghost snapshots), kept for undo/compaction. */
  readonly hidden: readonly ResponseItem[];
  /** What the model was last told; undefined before the first turn (and after compaction clears it). */
  readonly reference: ReferenceContext | undefined;
  /**
   * Profiles with `session.freezePrefix`: instructions and tools frozen at the first turn so the cached prefix
   * survives setting changes; a resumed session freezes the instructions its log recorded (tools are whatever the
   * resuming process offers).
   */
  readonly frozen: { instructions?: string; tools?: ToolSpec[] } | undefined;
  readonly turns: number;
}

export interface AppendedItem {
  index: number;
  /** `turn` for the turn's own items (user message, skill injections); else why a context update was sent. */
  reasons: (SettingsUpdateReason | "turn")[];
}

export interface SessionTurnResult {
  request: ResponsesRequest;
  /** Exact bytes that would be POSTed. */
  bytes: string;
  diagnostics: Diagnostic[];
  /** The compile manifest: exact for the first turn; later turns describe only their fresh compile. */
  manifest: Manifest;
  /** Items this turn added to the input, with why. */
  appended: AppendedItem[];
  /** The session after this turn's request (its items are recorded; the reply is not yet). */
  session: Session;
}

export function createSession(options: SessionOptions = {}): Session {
  const profile = resolveProfile(options.profile);
  const prose = options.prose ?? defaultProse(profile);
  // Every turn recompiles the same fragments: what the caller does not share, the session keeps for itself.
  const shared: SessionOptions = {
    ...options,
    countTokens: options.countTokens ?? createTokenCounter().count,
    templates: options.templates ?? createTemplateCache(),
  };
  return {
    profile,
    prose,
    options: shared,
    sessionId: undefined,
    input: [],
    inputJson: "",
    hidden: [],
    reference: undefined,
    frozen: undefined,
    turns: 0,
  };
}

/** Append items' wire JSON to a comma-joined list. */
function appendJson(json: string, items: readonly ResponseItem[], profile: Profile<"envelopes">): string {
  if (items.length === 0) return json;
  const more = items.map((i) => serializeItem(i, profile)).join(",");
  return json === "" ? more : `${json},${more}`;
}

const INITIAL_LAYERS = new Set(["base-instructions", "developer", "agents-md", "environment"]);

/** Index of the first item after the initial context in a fresh compile (where the turn's own items start). */
export function initialContextEnd(manifest: Manifest): number {
  let end = 0;
  for (const f of manifest.fragments)
    if (INITIAL_LAYERS.has(f.layer) && f.itemIndex >= 0) end = Math.max(end, f.itemIndex + 1);
  return end;
}

/** A message gets `id`; a tools item (a code-mode tools update) an `at_` id from the same seed. */
function withId(item: ResponseItem, id: string): ResponseItem {
  if (item.type === "additional_tools")
    return { type: item.type, id: id.replace(/^msg_/, "at_"), role: item.role, tools: item.tools };
  if (item.type !== "message") return item;
  const { id: _old, ...rest } = item;
  return { ...rest, id };
}

/**
 * Items as the model may see them (normalizeHistory): calls paired, ghost snapshots kept out, and for a text-only
 * model image parts replaced by the profile's `image-omitted` prose — the turn's own images included.
 */
function forModel(
  session: Session,
  items: readonly ResponseItem[],
): { items: ResponseItem[]; diagnostics: Diagnostic[]; changed: boolean } {
  const supportsImages = session.options.supportsImages ?? true;
  const placeholder = supportsImages ? { text: "", diagnostics: [] } : useProse(session.prose, "image-omitted", {});
  const r = normalizeHistory(items, { supportsImages, imageOmittedText: placeholder.text.trim() });
  const changed = r.value.length !== items.length || r.value.some((item, k) => item !== items[k]);
  return { items: r.value, diagnostics: [...placeholder.diagnostics, ...r.diagnostics], changed };
}

export function nextRequest(session: Session, ctx: TurnContext): SessionTurnResult {
  const { prose } = session;
  const sessionId = session.sessionId ?? ctx.sessionId;
  const fresh = compile({ ...ctx, sessionId }, { ...session.options, profile: session.profile, prose });
  // The profile as it applies to this turn's model (a per-model variant may change the layout).
  const profile = fresh.profile;
  const current = buildReferenceContext(ctx, profile, prose, fresh);
  const freeze = session.profile.session.freezePrefix;

  if (session.reference === undefined && session.input.length === 0) {
    const frozen = freeze
      ? {
          ...(fresh.request.instructions !== undefined ? { instructions: fresh.request.instructions } : {}),
          tools: fresh.request.tools,
        }
      : undefined;
    const shown = forModel(session, fresh.request.input);
    const inputJson = appendJson("", shown.items, profile);
    const request = shown.changed ? { ...fresh.request, input: shown.items } : fresh.request;
    return {
      request,
      bytes: shown.changed ? serializeRequestWithHistory(request, profile, inputJson) : fresh.bytes,
      diagnostics: [...fresh.diagnostics, ...shown.diagnostics],
      manifest: fresh.manifest,
      appended: shown.items.map((_, index) => ({ index, reasons: ["turn"] })),
      session: { ...session, sessionId, input: shown.items, inputJson, reference: current, frozen, turns: 1 },
    };
  }

  // A cleared baseline (after compaction) re-sends the full initial context; otherwise only the diff.
  const start = initialContextEnd(fresh.manifest);
  const update =
    session.reference === undefined ? undefined : buildSettingsUpdate(session.reference, current, profile, prose);
  const added: ResponseItem[] = update
    ? [...update.items, ...fresh.request.input.slice(start)]
    : fresh.request.input.slice(profile.layout.baseInstructions === "developer-message" ? 1 : 0);
  const turnReason = (): AppendedItem["reasons"] => ["turn"];
  const reasons: AppendedItem["reasons"][] = update
    ? [...update.reasons, ...fresh.request.input.slice(start).map(turnReason)]
    : added.map(turnReason);
  const base = session.input.length;
  const shown = forModel(session, added);
  const appendedItems = profile.layout.messageIds
    ? shown.items.map((item, k) => withId(item, messageId(sessionId, base + k)))
    : shown.items;
  const input = [...session.input, ...appendedItems];
  const inputJson = appendJson(session.inputJson, appendedItems, profile);
  const request: ResponsesRequest = { ...fresh.request, input, prompt_cache_key: sessionId };
  if (session.frozen) {
    if (session.frozen.tools) request.tools = session.frozen.tools;
    if (session.frozen.instructions !== undefined) request.instructions = session.frozen.instructions;
  }
  return {
    request,
    bytes: serializeRequestWithHistory(request, profile, inputJson),
    diagnostics: [...fresh.diagnostics, ...(update?.diagnostics ?? []), ...shown.diagnostics],
    manifest: fresh.manifest,
    appended: reasons.map((r, k) => ({ index: base + k, reasons: r })),
    session: { ...session, sessionId, input, inputJson, reference: current, turns: session.turns + 1 },
  };
}

/** Record what followed a request (assistant messages, calls, outputs, reasoning), normalised as one unit. */
export function recordItems(
  session: Session,
  items: readonly ResponseItem[],
): { session: Session; diagnostics: Diagnostic[] } {
  if (items.length === 0) return { session, diagnostics: [] };
  const normalised = forModel(session, items);
  const hidden = items.filter((i) => i.type === "ghost_snapshot");
  return {
    session: {
      ...session,
      input: [...session.input, ...normalised.items],
      inputJson: appendJson(session.inputJson, normalised.items, session.profile),
      hidden: hidden.length ? [...session.hidden, ...hidden] : session.hidden,
    },
    diagnostics: normalised.diagnostics,
  };
}

/** Forget the reference context (what compaction does): the next turn re-sends the full initial context. */
export function clearReference(session: Session): Session {
  return { ...session, reference: undefined };
}
