// Copilot CLI 1.0.102's first request in the body its BYOK provider settings select (Responses, Chat Completions
// or Anthropic Messages): the instructions (the prose with the data sections), one user message
// `<current_datetime>…</current_datetime>`, a blank line and the prompt, its 16 tools and the fixed settings, in the
// order it writes the keys. Pure. Each shape is from captures of all three (test/conformance/copilot-preview.test.ts).
import type { ProseOrigin } from "../../model/manifest.js";
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import {
  COPILOT_BODY,
  COPILOT_CHAT_BODY,
  COPILOT_CUSTOM_TOOLS,
  COPILOT_FREEFORM_INPUT_SCHEMA,
  COPILOT_MESSAGES_BODY,
  COPILOT_SYSTEM_SPLIT,
  COPILOT_TOOL_NAMES,
} from "./copilot-facts.js";
import { copilotStandInTool, type CopilotProse } from "./copilot-prose.js";
import type { CopilotTurn } from "./copilot-turn.js";
import { renderCopilotInstructions } from "./render-copilot-instructions.js";

const bytes = (s: string) => new TextEncoder().encode(s).length;

export function copilotUserText(turn: CopilotTurn): string {
  return `<current_datetime>${turn.datetime}</current_datetime>\n\n${turn.message}`;
}

type Json = { [key: string]: unknown };

/** A Responses tool value as the Chat Completions API gets it. */
function chatTool(t: Json): Json {
  if (t.type !== "custom")
    return { type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } };
  const f = t.format as Json | undefined;
  const custom: Json = { name: t.name, description: t.description };
  if (f !== undefined) custom.format = { type: f.type, grammar: { syntax: f.syntax, definition: f.definition } };
  return { type: "custom", custom };
}

/** A Responses tool value as the Messages API gets it. */
function messagesTool(t: Json): Json {
  return {
    name: t.name,
    description: t.description,
    input_schema: t.type === "custom" ? COPILOT_FREEFORM_INPUT_SCHEMA : t.parameters,
  };
}

function bodyFor(
  turn: CopilotTurn,
  instructions: string,
  tools: Json[],
): { body: Json; where: string; userWhere: string } {
  const user = copilotUserText(turn);
  switch (turn.provider.wireApi) {
    case "responses":
      return {
        body: {
          model: turn.model,
          instructions,
          input: [{ role: "user", content: [{ type: "input_text", text: user }], type: "message" }],
          tools,
          reasoning: COPILOT_BODY.reasoning,
          prompt_cache_key: turn.sessionId.replace(/-/g, ""),
          max_output_tokens: COPILOT_BODY.maxOutputTokens,
          store: false,
          stream: true,
          include: COPILOT_BODY.include,
          parallel_tool_calls: true,
        },
        where: "instructions",
        userWhere: "input[0].content[0].text",
      };
    case "chat-completions":
      return {
        body: {
          model: turn.model,
          messages: [
            { role: "system", content: instructions },
            { role: "user", content: user },
          ],
          reasoning_effort: COPILOT_CHAT_BODY.reasoningEffort,
          temperature: COPILOT_CHAT_BODY.temperature,
          max_tokens: COPILOT_CHAT_BODY.maxTokens,
          tools: tools.map(chatTool),
          stream: true,
          stream_options: { include_usage: true },
        },
        where: "messages[0].content",
        userWhere: "messages[1].content",
      };
    case "anthropic-messages": {
      const cut = instructions.indexOf(COPILOT_SYSTEM_SPLIT);
      const blocks = cut < 0 ? [instructions] : [instructions.slice(0, cut), instructions.slice(cut + 2)];
      return {
        body: {
          model: turn.model,
          max_tokens: COPILOT_MESSAGES_BODY.maxTokens,
          system: blocks.map((text) => ({ type: "text", text })),
          messages: [{ role: "user", content: [{ type: "text", text: user }] }],
          tools: tools.map(messagesTool),
          temperature: COPILOT_MESSAGES_BODY.temperature,
          thinking: COPILOT_MESSAGES_BODY.thinking,
          stream: true,
        },
        where: "system",
        userWhere: "messages[0].content[0].text",
      };
    }
    default: {
      const never: never = turn.provider.wireApi;
      throw new Error(`unknown Copilot wire API ${String(never)}`);
    }
  }
}

export function copilotEndpoint(turn: CopilotTurn): string {
  const base = turn.provider.baseUrl.replace(/\/$/, "");
  switch (turn.provider.wireApi) {
    case "responses":
      return `POST ${base || "/v1"}/responses`;
    case "chat-completions":
      return `POST ${base || "/v1"}/chat/completions`;
    case "anthropic-messages":
      return `POST ${base}/v1/messages`;
    default: {
      const never: never = turn.provider.wireApi;
      return String(never);
    }
  }
}

export function buildCopilotBody(turn: CopilotTurn, prose: CopilotProse): BuiltBody {
  const instructions = renderCopilotInstructions(turn, prose);
  const calibrated = new Map(prose.tools.map((t) => [t.name, t]));
  const responsesTools = COPILOT_TOOL_NAMES.map((name) => {
    const known = calibrated.get(name);
    return {
      name,
      value: known ?? copilotStandInTool(name, COPILOT_CUSTOM_TOOLS.includes(name)),
      prose: (known ? prose.origin : "stand-in") as ProseOrigin,
    };
  });
  const { body, where, userWhere } = bodyFor(
    turn,
    instructions.text,
    responsesTools.map((t) => t.value),
  );
  const sent = body.tools as unknown[];
  const tools = responsesTools.map((t, i) => ({ ...t, value: sent[i] }));
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
      where,
      text: t.slice(at, sec.span[0]),
      sources: [],
      prose: prose.origin,
    });
    layers.push({ ...sec.layer, where, text: t.slice(...sec.span) });
    at = sec.span[1];
  });
  layers.push({
    id: `copilot-prompt-${sections.length + 1}`,
    layer: "system",
    where,
    text: t.slice(at),
    sources: [],
    prose: prose.origin,
  });
  layers.push({
    id: "user-message",
    layer: "user-message",
    where: userWhere,
    text: copilotUserText(turn),
    sources: [],
    prose: "data",
  });
  return { body, layers, tools };
}
