// What one captured first-turn Codex request says about its model's layout, whatever the layout (fallback,
// classic catalogue, code mode): the texts beside skills and permissions, the multi-agent messages, the skills
// usage trailer, the tool lists verbatim and the request fields. Pure: prose stays on the user's machine.
import { SKILLS_CLOSE_TAG, SKILLS_OPEN_TAG } from "../fragments/skills-section.js";
import { PERMISSIONS_OPEN_TAG } from "../fragments/permissions.js";
import { isJsonObject, type JsonObject } from "../model/json-value.js";
import { codexModelLayout, type CodexCatalogue } from "../profiles/codex-models/index.js";

/** Tag a developer text opens with → the prose id it is calibrated as (the whole text, tags included). */
export const DEVELOPER_TEXT_TAGS: readonly { open: string; id: CalibratedTextId }[] = [
  { open: "<tools>", id: "deferred-tools" },
  { open: "<collaboration_mode>", id: "collaboration-mode" },
  { open: "<multi_agent_role>", id: "multi-agent-role" },
  { open: "<multi_agent_mode>", id: "multi-agent-mode" },
];

export type CalibratedTextId =
  | "deferred-tools"
  | "collaboration-mode"
  | "multi-agent-role"
  | "multi-agent-mode"
  | "skills-usage";

/** The layout a capture shows, as facts (written as `layout.json` next to the prose). */
export interface ObservedLayout {
  model: string;
  /** Top-level keys in order. */
  fields: string[];
  toolPlacement: "request" | "input-item";
  parallelToolCalls?: boolean;
  reasoning?: unknown;
  text?: unknown;
  /** Texts of the bundled developer message after permissions, in order. */
  developerExtras: string[];
  /** Developer messages of their own after the bundled one, in order. */
  developerMessages: string[];
  skillsUsage: boolean;
  /** The model's windows from the catalogue the calibration could read (a request does not carry them). */
  window?: ObservedWindow;
}

export interface ObservedWindow {
  contextWindow: number;
  maxContextWindow?: number;
  effectiveContextWindowPercent: number;
  /** `model catalogue (<where>)`, or `fallback` for a slug that catalogue does not list. */
  source: string;
}

export interface LayoutParts {
  texts: { [id: string]: string };
  requestTools?: unknown[];
  additionalTools?: unknown[];
  observed: ObservedLayout;
  /** Message index of the base instructions, when found. */
  baseInstructions?: string;
}

function texts(item: JsonObject): string[] {
  return Array.isArray(item.content)
    ? item.content.flatMap((c) => (isJsonObject(c) && typeof c.text === "string" ? [c.text] : []))
    : [];
}

const SKILL_LINE = /^- [^\n]*\(file: [^\n]*\)$/;

/** The text after the last skill line of a skills section (the usage instructions), or undefined. */
export function skillsUsageOf(section: string): string | undefined {
  if (!section.startsWith(SKILLS_OPEN_TAG) || !section.endsWith(SKILLS_CLOSE_TAG)) return undefined;
  const at = section.indexOf("\n### Available skills\n");
  if (at < 0) return undefined;
  const lines = section
    .slice(at + "\n### Available skills\n".length, section.length - SKILLS_CLOSE_TAG.length - 1)
    .split("\n");
  let last = -1;
  lines.forEach((l, i) => {
    if (SKILL_LINE.test(l)) last = i;
  });
  const rest = lines.slice(last + 1).join("\n");
  return last >= 0 && rest !== "" ? rest : undefined;
}

/** Parts of a first-turn request body (parsed JSON). */
export function calibrateLayout(body: JsonObject): LayoutParts | undefined {
  const items = Array.isArray(body.input) ? body.input.filter(isJsonObject) : [];
  const out: LayoutParts = {
    texts: {},
    observed: {
      model: typeof body.model === "string" ? body.model : "",
      fields: Object.keys(body),
      toolPlacement: "request",
      developerExtras: [],
      developerMessages: [],
      skillsUsage: false,
    },
  };
  if (typeof body.parallel_tool_calls === "boolean") out.observed.parallelToolCalls = body.parallel_tool_calls;
  if (body.reasoning !== undefined) out.observed.reasoning = body.reasoning;
  if (body.text !== undefined) out.observed.text = body.text;
  if (Array.isArray(body.tools)) out.requestTools = body.tools;
  const extra = items.find((i) => i.type === "additional_tools");
  if (extra && Array.isArray(extra.tools)) {
    out.additionalTools = extra.tools;
    out.observed.toolPlacement = "input-item";
  }
  const messages = items.filter((i) => i.type === "message");
  const bundle = messages.findIndex(
    (m) => m.role === "developer" && texts(m).some((t) => t.startsWith(PERMISSIONS_OPEN_TAG)),
  );
  if (bundle < 0) return undefined;
  const first = messages[0];
  const firstText = first ? texts(first)[0] : undefined;
  if (bundle > 0 && first?.role === "developer" && firstText !== undefined) out.baseInstructions = firstText;
  const bundled = texts(messages[bundle] as JsonObject);
  const permissionsAt = bundled.findIndex((t) => t.startsWith(PERMISSIONS_OPEN_TAG));
  for (const t of bundled.slice(permissionsAt + 1)) {
    const tag = DEVELOPER_TEXT_TAGS.find((x) => t.startsWith(x.open));
    const id = tag?.id ?? `developer-extra-${out.observed.developerExtras.length}`;
    out.observed.developerExtras.push(id);
    out.texts[id] = t;
  }
  const skills = bundled.find((t) => t.startsWith(SKILLS_OPEN_TAG));
  const usage = skills !== undefined ? skillsUsageOf(skills) : undefined;
  if (usage !== undefined) {
    out.texts["skills-usage"] = usage;
    out.observed.skillsUsage = true;
  }
  // Developer messages of their own until the contextual user message; untagged ones are named by position.
  const order = ["multi-agent-role", "multi-agent-mode"];
  for (const m of messages.slice(bundle + 1)) {
    if (m.role !== "developer") break;
    const t = texts(m)[0] ?? "";
    const tag = DEVELOPER_TEXT_TAGS.find((x) => t.startsWith(x.open));
    const id =
      tag?.id ??
      order.find((o) => !out.observed.developerMessages.includes(o)) ??
      `developer-message-${out.observed.developerMessages.length}`;
    out.observed.developerMessages.push(id);
    out.texts[id] = t;
  }
  return out;
}

/** The windows a catalogue gives a model: its entry's, or Codex's fallback metadata for a slug it does not list. */
export function catalogueWindowOf(catalogue: CodexCatalogue, model: string): ObservedWindow {
  const entry = catalogue.models.find((m) => m.slug === model);
  const layout = codexModelLayout(model, entry);
  return {
    contextWindow: layout.contextWindow,
    effectiveContextWindowPercent: layout.effectiveContextWindowPercent,
    ...(layout.maxContextWindow !== undefined ? { maxContextWindow: layout.maxContextWindow } : {}),
    source: entry ? `model catalogue (${catalogue.source})` : "fallback",
  };
}
