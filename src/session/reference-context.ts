// The reference context: what the model was last told (environment, permissions, model, developer text), the
// baseline every later turn is diffed against. Pure.
import type { TurnContext, NetworkRequirements } from "../model/turn-context.js";
import { buildUserInstructionsText } from "../fragments/agents-md.js";
import { buildBaseInstructionsFragment } from "../fragments/base-instructions.js";
import { renderFilesystemElement } from "../fragments/filesystem-element.js";
import { buildPermissionsFragment } from "../fragments/permissions.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Profile } from "../profiles/profile.js";
import { layoutHasSection } from "../profiles/profile-for-model.js";
import { compile } from "../compile/compile.js";
import type { CompileResult } from "../compile/compile.js";

export interface ReferenceContext {
  cwd: string;
  shell: string;
  currentDate?: string;
  timezone?: string;
  network?: NetworkRequirements;
  /** The rendered `<filesystem>` element, for profiles that send it. */
  filesystem?: string;
  /** The rendered `<permissions instructions>` text: any byte change re-sends it (Codex 0.171.0 hashes it). */
  permissions: string;
  model: string;
  /** Base instructions the model would get for `model` (what a model switch carries). */
  modelInstructions: string;
  developerInstructions?: string;
  /** AGENTS.md text (global + project docs) the model was given, for profiles that send it. */
  agentsMd?: string;
  /**
   * The developer texts the model's layout renders (skills, collaboration mode, deferred tools, multi-agent role and
   * mode), by fragment id: a model switch re-sends those that render differently for the new model.
   */
  modelTexts?: ModelTexts;
  /** The tools of the `additional_tools` item (code mode): a switch between two such models sends a tools update. */
  inputTools?: readonly unknown[];
}

/** Fragment id → its text in the initial context. */
export type ModelTexts = { [id in ModelTextSection]?: string };
export type ModelTextSection =
  | "skills"
  | "collaboration-mode"
  | "deferred-tools"
  | "multi-agent-role"
  | "multi-agent-mode";
export const MODEL_TEXT_SECTIONS: readonly ModelTextSection[] = [
  "skills",
  "collaboration-mode",
  "deferred-tools",
  "multi-agent-role",
  "multi-agent-mode",
];

/** The model texts of a compiled first request (its manifest says where each fragment went). */
export function modelTextsOf(compiled: Pick<CompileResult, "request" | "manifest">): ModelTexts {
  const out: ModelTexts = {};
  for (const f of compiled.manifest.fragments) {
    if (!(MODEL_TEXT_SECTIONS as readonly string[]).includes(f.id)) continue;
    const item = compiled.request.input[f.itemIndex];
    const part = item?.type === "message" ? item.content[f.contentIndex] : undefined;
    if (part && "text" in part) out[f.id as ModelTextSection] = part.text;
  }
  return out;
}

/**
 * `compiled`: the turn's own first-request compile when the caller has it (else compiled here, without exact
 * counts), for the model texts.
 */
export function buildReferenceContext(
  ctx: TurnContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
  compiled?: Pick<CompileResult, "request" | "manifest">,
): ReferenceContext {
  const env = ctx.environment;
  const first = compiled ?? compile(ctx, { profile, prose, exactTokens: false });
  const ref: ReferenceContext = {
    modelTexts: modelTextsOf(first),
    cwd: env.cwd,
    shell: env.shell,
    permissions: buildPermissionsFragment(env.cwd, ctx.permissions, prose).text,
    model: ctx.model,
    modelInstructions: buildBaseInstructionsFragment(ctx, prose).text,
  };
  const toolsItem = first.request.input[0];
  if (toolsItem?.type === "additional_tools") ref.inputTools = toolsItem.tools;
  if (env.currentDate !== undefined) ref.currentDate = env.currentDate;
  if (env.timezone !== undefined) ref.timezone = env.timezone;
  if (env.network !== undefined) ref.network = env.network;
  if (profile.layout.environmentFilesystem) ref.filesystem = renderFilesystemElement(env.cwd, ctx.permissions);
  if (ctx.developerInstructions !== undefined && ctx.developerInstructions !== "")
    ref.developerInstructions = ctx.developerInstructions;
  if (layoutHasSection(profile.layout, "agents-md")) {
    const text = buildUserInstructionsText(ctx.userInstructions);
    if (text !== undefined) ref.agentsMd = text;
  }
  return ref;
}
