// A model switch that compacts first (Codex 0.171.0, captured gpt-5.5 ↔ gpt-6.2-sol both ways): when the log's last
// turn ran a model of another compaction family, the turn summarises the history with the previous model, then
// sends the new model's whole initial context, the retained user messages and the summary before the message.
// Pure.
import { compile, defaultProse, resolveProfile, type CompileOptions } from "../compile/index.js";
import { compactHistory } from "../compact/index.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { MessageItem, ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import { profileForModel } from "../profiles/profile-for-model.js";
import type { Profile } from "../profiles/profile.js";
import { buildReferenceContext } from "../session/reference-context.js";
import { initialContextEnd } from "../session/session.js";
import { modelSwitchText } from "../session/settings-update.js";

/** What the log says about its last turn's model. */
export interface PreviousModel {
  model?: string;
  /** Its compaction family (`comp_hash` of the turn context); absent for a fallback slug. */
  compactionFamily?: string;
}

/** Whether continuing after `previous` on `model` compacts first: both families known and different. */
export function compactsOnModelSwitch(
  previous: PreviousModel | undefined,
  profile: Profile<"envelopes">,
  model: string,
): boolean {
  const next = profileForModel(profile, model).compactionFamily;
  const before = previous?.compactionFamily;
  return before !== undefined && next !== undefined && before !== next;
}

export interface ModelSwitchCompactionInput {
  ctx: TurnContext;
  compile: CompileOptions;
  /** The history as the next request would send it (historyWithBaseInstructions: the base item first). */
  history: readonly ResponseItem[];
  previousModel?: string;
  summaryPrefix: string;
  /** The previous model's reply to the compaction prompt. */
  summaryReply: string;
}

export interface ModelSwitchCompaction {
  history: ResponseItem[];
  summaryText: string;
  diagnostics: Diagnostic[];
}

/** The first developer message of `context` with the model-switch text put first (the bundle, as 0.171.0 sends it). */
function withSwitchText(context: ResponseItem[], text: string): ResponseItem[] {
  const at = context.findIndex((i) => i.type === "message" && i.role === "developer");
  if (at < 0) return context;
  const bundle = context[at] as MessageItem;
  const out = [...context];
  out[at] = { ...bundle, content: [{ type: "input_text", text }, ...bundle.content] };
  return out;
}

/**
 * The compacted history the switched-to model continues from. A layout whose initial context carries the tools item
 * and the model's own base instructions (code mode) gets that context whole; otherwise the session's base item
 * stays first and the new model's instructions arrive as a model-switch text opening the developer bundle.
 */
export function compactForModelSwitch(input: ModelSwitchCompactionInput): ModelSwitchCompaction {
  const { ctx } = input;
  const profile = profileForModel(resolveProfile(input.compile.profile), ctx.model);
  const fresh = compile(ctx, input.compile);
  const diagnostics: Diagnostic[] = [];
  let context = fresh.request.input.slice(0, initialContextEnd(fresh.manifest));
  const keepFirstItem =
    profile.layout.baseInstructions === "developer-message" && profile.layout.toolPlacement !== "input-item";
  if (keepFirstItem) {
    context = context.slice(1);
    if (input.previousModel !== undefined && input.previousModel !== ctx.model) {
      const prose = input.compile.prose ?? defaultProse(profile);
      const instructions = buildReferenceContext(ctx, profile, prose).modelInstructions;
      context = withSwitchText(context, modelSwitchText(prose, instructions, diagnostics));
    }
  }
  const compacted = compactHistory({
    strategy: "codex-local",
    history: [...input.history],
    summaryPrefix: input.summaryPrefix,
    summaryReply: input.summaryReply,
    keepFirstItem,
    initialContext: context,
  });
  diagnostics.push(...compacted.diagnostics);
  diagnostics.push(
    diagnostic(
      "session/model-switch-compaction",
      "info",
      `${input.previousModel ?? "the previous model"} → ${ctx.model}: another compaction family, so the history is compacted before this turn`,
      { data: { from: input.previousModel ?? null, to: ctx.model } },
    ),
  );
  return { history: compacted.history, summaryText: compacted.summaryText, diagnostics };
}
