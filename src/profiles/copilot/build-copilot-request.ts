// Copilot CLI 1.0.102's first request on the Responses API (its BYOK `COPILOT_PROVIDER_WIRE_API=responses`):
// `instructions` (the prose with the data sections), one user message `<current_datetime>…</current_datetime>`
// then a blank line and the prompt, its 16 tools and the fixed settings, in the order it writes the keys. Pure.
import type { ProseOrigin } from "../../model/manifest.js";
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltHarnessBody } from "../harness-profile.js";
import { COPILOT_BODY, COPILOT_CUSTOM_TOOLS, COPILOT_TOOL_NAMES } from "./copilot-facts.js";
import { copilotStandInTool, type CopilotProse } from "./copilot-prose.js";
import type { CopilotTurn } from "./copilot-turn.js";
import { renderCopilotInstructions } from "./render-copilot-instructions.js";

const bytes = (s: string) => new TextEncoder().encode(s).length;

export function copilotUserText(turn: CopilotTurn): string {
  return `<current_datetime>${turn.datetime}</current_datetime>\n\n${turn.message}`;
}

export function buildCopilotBody(turn: CopilotTurn, prose: CopilotProse): BuiltHarnessBody {
  const instructions = renderCopilotInstructions(turn, prose);
  const calibrated = new Map(prose.tools.map((t) => [t.name, t]));
  const tools = COPILOT_TOOL_NAMES.map((name) => {
    const known = calibrated.get(name);
    return {
      name,
      value: known ?? copilotStandInTool(name, COPILOT_CUSTOM_TOOLS.includes(name)),
      prose: (known ? prose.origin : "stand-in") as ProseOrigin,
    };
  });
  const body = {
    model: turn.model,
    instructions: instructions.text,
    input: [{ role: "user", content: [{ type: "input_text", text: copilotUserText(turn) }], type: "message" }],
    tools: tools.map((t) => t.value),
    reasoning: COPILOT_BODY.reasoning,
    prompt_cache_key: turn.sessionId.replace(/-/g, ""),
    max_output_tokens: COPILOT_BODY.maxOutputTokens,
    store: false,
    stream: true,
    include: COPILOT_BODY.include,
    parallel_tool_calls: true,
  };
  // The instructions cut into prose and the two data sections, in text order.
  const sections: { span: [number, number]; layer: Omit<WireLayer, "text" | "where"> }[] = [
    {
      span: instructions.skillsSpan,
      layer: {
        id: "skills",
        layer: "skills",
        sources: turn.skills.map((x) => ({ path: x.path, bytesIn: 0, bytesKept: 0 })),
        prose: "data",
      },
    },
    {
      span: instructions.customSpan,
      layer: {
        id: "custom-instructions",
        layer: "context-file",
        sources: [...turn.customInstructions, ...turn.inlinedInstructions].map((f) => ({
          path: f.path,
          bytesIn: bytes(f.text),
          bytesKept: bytes(f.text),
        })),
        prose: "data",
      },
    },
  ];
  sections.sort((a, b) => a.span[0] - b.span[0]);
  const t = instructions.text;
  const layers: WireLayer[] = [];
  let at = 0;
  sections.forEach((sec, i) => {
    const id = i === 0 ? "copilot-prompt" : `copilot-prompt-${i + 1}`;
    layers.push({
      id,
      layer: "system",
      where: "instructions",
      text: t.slice(at, sec.span[0]),
      sources: [],
      prose: prose.origin,
    });
    layers.push({ ...sec.layer, where: "instructions", text: t.slice(...sec.span) });
    at = sec.span[1];
  });
  layers.push({
    id: `copilot-prompt-${sections.length + 1}`,
    layer: "system",
    where: "instructions",
    text: t.slice(at),
    sources: [],
    prose: prose.origin,
  });
  layers.push({
    id: "user-message",
    layer: "user-message",
    where: "input[0].content[0].text",
    text: copilotUserText(turn),
    sources: [],
    prose: "data",
  });
  return { body, layers, tools };
}
