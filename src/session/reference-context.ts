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
}

export function buildReferenceContext(
  ctx: TurnContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
): ReferenceContext {
  const env = ctx.environment;
  const ref: ReferenceContext = {
    cwd: env.cwd,
    shell: env.shell,
    permissions: buildPermissionsFragment(env.cwd, ctx.permissions, prose).text,
    model: ctx.model,
    modelInstructions: buildBaseInstructionsFragment(ctx, prose).text,
  };
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
