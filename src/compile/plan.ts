// Stage 1 of compile: decide which fragments the turn sends, rendered, grouped into messages in the profile's
// order, plus the tool list. Pure.
import type { Diagnostic } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { ContentPart, MessageRole } from "../model/items.js";
import type { ToolSpec } from "../model/request.js";
import type { TurnContext } from "../model/turn-context.js";
import { buildAgentsMdFragment } from "../fragments/agents-md.js";
import { buildBaseInstructionsFragment } from "../fragments/base-instructions.js";
import { buildDeveloperInstructionsFragment } from "../fragments/developer-instructions.js";
import { buildEnvironmentFragment } from "../fragments/environment-context.js";
import type { RenderedFragment } from "../fragments/fragment.js";
import { buildPermissionsFragment } from "../fragments/permissions.js";
import type { ProseSet } from "../fragments/prose-set.js";
import { createTemplateCache, type RenderProseOptions } from "../fragments/render-template.js";
import { collectExplicitSkillMentions } from "../fragments/skill-mentions.js";
import { buildSkillInjectionFragment } from "../fragments/skill-injection.js";
import { buildSkillsFragment } from "../fragments/skills-section.js";
import { buildUserMessageParts } from "../fragments/user-message.js";
import { utf8Length } from "../tokens/approx.js";
import type { BuiltinSectionId, Profile, SectionRef } from "../profiles/profile.js";
import { modelContextWindow } from "../profiles/model-info.js";
import { buildToolSpecs, toolName } from "../profiles/tool-declaration.js";
import type { CompileOptions, ExtraFragment } from "./compile-options.js";

export interface PlannedPart {
  part: ContentPart;
  fragment?: RenderedFragment;
}

export interface PlannedMessage {
  role: MessageRole;
  parts: PlannedPart[];
}

export interface Plan {
  profile: Profile<"envelopes">;
  prose: ProseSet;
  baseInstructions: RenderedFragment;
  /** Input messages after the base instructions, in order. */
  messages: PlannedMessage[];
  tools: ToolSpec[];
  /** Tools of the `additional_tools` input item (layouts with `toolPlacement: "input-item"`). */
  additionalTools?: unknown[];
  diagnostics: Diagnostic[];
}

const text = (fragment: RenderedFragment): PlannedPart => ({
  part: { type: "input_text", text: fragment.text },
  fragment,
});

function extraFragment(x: ExtraFragment): RenderedFragment {
  const bytes = utf8Length(x.text);
  return {
    id: x.id,
    layer: "extension",
    text: x.text,
    sources: x.source !== undefined ? [{ path: x.source, bytesIn: bytes, bytesKept: bytes }] : [],
    templates: [],
    prose: "user-supplied",
    diagnostics: [],
  };
}

function byName(a: ToolSpec, b: ToolSpec): number {
  const x = toolName(a);
  const y = toolName(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function planTurn(
  ctx: TurnContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
  options: CompileOptions = {},
): Plan {
  const diagnostics: Diagnostic[] = [];
  const renderOptions: RenderProseOptions = { templates: options.templates ?? createTemplateCache() };
  if (options.partials) renderOptions.partials = options.partials;
  if (options.variables) renderOptions.variables = options.variables;
  const skills = options.transformSkills ? options.transformSkills(ctx.skills.skills) : ctx.skills.skills;
  const cwd = ctx.environment.cwd;

  const baseInstructions = buildBaseInstructionsFragment(ctx, prose, renderOptions);

  // Tools first: a profile's own sections may render the tool list (a per-model developer item).
  // A calibrated tool list (the user's Codex's own, verbatim) replaces the declared one whole.
  const inputItem = profile.layout.toolPlacement === "input-item";
  const verbatim = inputItem ? prose.toolLists?.inputItem : prose.toolLists?.request;
  const built =
    verbatim !== undefined
      ? {
          tools: withNetworkAccess(verbatim as ToolSpec[], ctx.permissions.sandbox === "danger-full-access"),
          diagnostics: [],
        }
      : buildToolSpecs(profile.tools.declare(ctx), prose);
  let tools = options.transformTools ? options.transformTools(built.tools) : built.tools;
  if (profile.tools.order === "by-name") tools = [...tools].sort(byName);

  const builtin = (id: BuiltinSectionId): RenderedFragment | undefined => {
    switch (id) {
      case "developer-instructions":
        return buildDeveloperInstructionsFragment(ctx.developerInstructions);
      case "skills":
        return buildSkillsFragment({ roots: ctx.skills.roots, skills }, prose, {
          ...renderOptions,
          contextWindowTokens:
            ctx.contextWindow ?? profile.window?.tokens ?? modelContextWindow(ctx.model, ctx.contextWindow).tokens,
          usage: profile.layout.skillsUsage === true,
        });
      case "permissions":
        return buildPermissionsFragment(cwd, ctx.permissions, prose, renderOptions);
      case "agents-md":
        return buildAgentsMdFragment(cwd, ctx.userInstructions);
      case "environment-context":
        return buildEnvironmentFragment(ctx.environment, ctx.permissions, {
          filesystem: profile.layout.environmentFilesystem,
        });
      default: {
        const never: never = id;
        throw new Error(`unknown section ${String(never)}`);
      }
    }
  };
  const section = (ref: SectionRef): RenderedFragment | undefined =>
    typeof ref === "string" ? builtin(ref) : ref.build({ ctx, prose, skills, tools, renderOptions });
  const initial: PlannedMessage[] = profile.layout.envelopes.flatMap((envelope) => {
    const fragments = envelope.sections.flatMap((ref) => section(ref) ?? []);
    return fragments.length > 0 ? [{ role: envelope.role, parts: fragments.map(text) }] : [];
  });

  const user = buildUserMessageParts(ctx.userInput);
  diagnostics.push(...user.diagnostics);
  const userFragment: RenderedFragment = {
    id: "user-message",
    layer: "user-message",
    text: ctx.userInput.text,
    sources: [],
    templates: [],
    prose: "data",
    diagnostics: [],
  };
  const userMessage: PlannedMessage = {
    role: "user",
    parts: user.parts.map((part, i) => (i === user.textIndex ? { part, fragment: userFragment } : { part })),
  };

  const mentions = collectExplicitSkillMentions(
    { texts: [ctx.userInput.text], structured: ctx.userInput.skills ?? [], connectorSlugs: ctx.connectorSlugs ?? [] },
    skills,
  );
  diagnostics.push(...mentions.diagnostics);

  const messages: PlannedMessage[] = [...initial];
  const extras = options.fragments ?? [];
  const own = (at: string) =>
    extras.flatMap((x) =>
      "message" in x.placement && x.placement.at === at
        ? [{ role: x.placement.message, parts: [text(extraFragment(x))] }]
        : [],
    );
  messages.push(
    ...own("before-user-message"),
    ...(userMessage.parts.length > 0 ? [userMessage] : []),
    ...own("after-user-message"),
  );
  for (const s of mentions.skills) messages.push({ role: "user", parts: [text(buildSkillInjectionFragment(s))] });
  messages.push(...own("end"));

  for (const x of extras) {
    if ("message" in x.placement) continue;
    const target = "before" in x.placement ? x.placement.before : x.placement.after;
    const msg = messages.find((m) => m.parts.some((p) => p.fragment?.id === target));
    const f = extraFragment(x);
    if (!msg) {
      diagnostics.push(
        diagnostic(
          "compile/placement-target-missing",
          "warning",
          `fragment ${x.id}: no fragment ${target} to place it next to; appended as a user message`,
          { data: { fragment: x.id, target } },
        ),
      );
      messages.push({ role: "user", parts: [text(f)] });
      continue;
    }
    const i = msg.parts.findIndex((p) => p.fragment?.id === target);
    msg.parts.splice("before" in x.placement ? i : i + 1, 0, text(f));
  }

  diagnostics.push(...built.diagnostics);
  for (const m of messages) for (const p of m.parts) if (p.fragment) diagnostics.push(...p.fragment.diagnostics);
  diagnostics.unshift(...baseInstructions.diagnostics);
  if (inputItem) return { profile, prose, baseInstructions, messages, tools: [], additionalTools: tools, diagnostics };
  return { profile, prose, baseInstructions, messages, tools, diagnostics };
}

/** A verbatim tool list's web search follows the turn's network like the declared one (live access with full access). */
function withNetworkAccess(tools: ToolSpec[], fullNetwork: boolean): ToolSpec[] {
  return tools.map((t) =>
    t.type === "web_search" && "external_web_access" in t ? { ...t, external_web_access: fullNetwork } : t,
  );
}
