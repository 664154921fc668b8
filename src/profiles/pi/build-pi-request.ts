// pi 0.73.1's first request: one system text (pi's prose or SYSTEM.md, APPEND_SYSTEM.md, `# Project Context`
// with each file as `## <path>\n\n<raw>\n\n`, the skills XML, the date and the cwd) and the user's message, in
// the body of the configured provider's API. Pure. Byte layout from pi's source (core/system-prompt.js) and
// captures of all four APIs.
import type { ProseOrigin } from "../../model/manifest.js";
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import { escapePiXml, PI_THINKING, PI_TOOL_NAMES, piAnthropicThinking } from "./pi-facts.js";
import { piStandInTool, type PiProse } from "./pi-prose.js";
import type { PiTurn } from "./pi-turn.js";

export interface PiSystemParts {
  text: string;
  /** [start, end) of the project context and skills sections in `text`. */
  contextSpan?: [number, number];
  skillsSpan?: [number, number];
}

const fill = (t: string, v: { [k: string]: string }) => t.replace(/\{\{(\w+)\}\}/g, (w, k: string) => v[k] ?? w);

/** One `<skill>` of pi's `<available_skills>` block. */
export function renderPiSkillEntry(s: { name: string; description: string; path: string }): string {
  return [
    "  <skill>",
    `    <name>${escapePiXml(s.name)}</name>`,
    `    <description>${escapePiXml(s.description)}</description>`,
    `    <location>${escapePiXml(s.path)}</location>`,
    "  </skill>",
  ].join("\n");
}

export function renderPiSkills(skills: PiTurn["skills"], intro: string): string {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  return [`\n\n${intro}`, "", "<available_skills>", ...visible.map(renderPiSkillEntry), "</available_skills>"].join(
    "\n",
  );
}

export function renderPiSystem(turn: PiTurn, prose: PiProse): PiSystemParts {
  let text =
    turn.systemMd ??
    fill(prose.base, {
      readmePath: `${turn.installDir}/README.md`,
      docsPath: `${turn.installDir}/docs`,
      examplesPath: `${turn.installDir}/examples`,
    });
  if (turn.appendSystem) text += `\n\n${turn.appendSystem}`;
  const parts: PiSystemParts = { text: "" };
  if (turn.contextFiles.length > 0) {
    const start = text.length;
    text += `\n\n# Project Context\n\n${prose.projectContextIntro}\n\n`;
    for (const f of turn.contextFiles) text += `## ${f.path}\n\n${f.content}\n\n`;
    parts.contextSpan = [start, text.length];
  }
  const skills = renderPiSkills(turn.skills, prose.skillsIntro);
  if (skills !== "") {
    parts.skillsSpan = [text.length, text.length + skills.length];
    text += skills;
  }
  text += `\nCurrent date: ${turn.date}`;
  text += `\nCurrent working directory: ${turn.cwd.replace(/\\/g, "/")}`;
  parts.text = text;
  return parts;
}

/** The Anthropic API gets a tool's schema as `{ type, properties, required }` only (observed: other top-level keys go). */
export function anthropicInputSchema(parameters: unknown): unknown {
  const p = (parameters ?? {}) as { properties?: unknown; required?: unknown };
  const out: { [k: string]: unknown } = { type: "object", properties: p.properties ?? {} };
  if (p.required !== undefined) out.required = p.required;
  return out;
}

export function piEndpoint(turn: PiTurn): string {
  const base = turn.provider.baseUrl.replace(/\/$/, "");
  switch (turn.provider.api) {
    case "openai-responses":
      return `POST ${base}/responses`;
    case "openai-completions":
      return `POST ${base}/chat/completions`;
    case "anthropic-messages":
      return `POST ${base}/v1/messages`;
    case "google-generative-ai":
      return `POST ${base}/models/${turn.provider.model}:streamGenerateContent?alt=sse`;
    default: {
      const never: never = turn.provider.api;
      return String(never);
    }
  }
}

export function buildPiBody(turn: PiTurn, prose: PiProse): BuiltBody {
  const system = renderPiSystem(turn, prose);
  const p: ProseOrigin =
    turn.systemMd !== undefined && turn.contextFiles.length === 0 && turn.skills.length === 0
      ? "user-supplied"
      : prose.origin;
  const tools = PI_TOOL_NAMES.map((name) => ({
    name,
    ...(prose.tools[name] ?? piStandInTool(name)),
    prose: (prose.tools[name] ? prose.origin : "stand-in") as ProseOrigin,
  }));
  const { api, model, maxTokens, reasoning } = turn.provider;
  const compat = turn.provider.compat ?? {};
  // pi-ai: the system text goes as a developer message only to a reasoning model (and, over Chat Completions, a
  // server that takes the role).
  const systemRole = reasoning ? "developer" : "system";
  const level = turn.thinkingLevel ?? PI_THINKING.level;
  let body: { [key: string]: unknown };
  let systemWhere: string;
  let userWhere: string;
  let toolValues: unknown[];
  switch (api) {
    case "openai-responses":
      toolValues = tools.map((t) => ({
        type: "function",
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        strict: false,
      }));
      body = {
        model,
        input: [
          { role: systemRole, content: system.text },
          { role: "user", content: [{ type: "input_text", text: turn.message }] },
        ],
        stream: true,
        prompt_cache_key: turn.sessionId,
        store: false,
        max_output_tokens: maxTokens,
        tools: toolValues,
      };
      // Measured: `high` is sent as it is; pi-ai sends effort "none" (and no include) when thinking is off.
      if (reasoning && level === "off") body.reasoning = { effort: "none" };
      else if (reasoning)
        Object.assign(body, {
          reasoning: { effort: level, summary: "auto" },
          include: ["reasoning.encrypted_content"],
        });
      systemWhere = "input[0].content";
      userWhere = "input[1].content[0].text";
      break;
    case "openai-completions":
      toolValues = tools.map((t) => ({
        type: "function",
        function: { name: t.name, description: t.description, parameters: t.parameters, strict: false },
      }));
      body = {
        model,
        messages: [
          {
            role: compat.supportsDeveloperRole === false ? "system" : systemRole,
            content: system.text,
          },
          { role: "user", content: [{ type: "text", text: turn.message }] },
        ],
        stream: true,
      };
      if (compat.supportsUsageInStreaming !== false) body.stream_options = { include_usage: true };
      if (compat.supportsStore !== false) body.store = false;
      body[compat.maxTokensField ?? "max_completion_tokens"] = maxTokens;
      body.tools = toolValues;
      if (reasoning && level !== "off" && compat.supportsReasoningEffort !== false)
        body.reasoning_effort = level === "xhigh" ? "high" : level;
      systemWhere = "messages[0].content";
      userWhere = "messages[1].content[0].text";
      break;
    case "anthropic-messages":
      toolValues = tools.map((t, i) => {
        const v: { [k: string]: unknown } = {
          name: t.name,
          description: t.description,
          eager_input_streaming: true,
          input_schema: anthropicInputSchema(t.parameters),
        };
        if (i === tools.length - 1) v.cache_control = { type: "ephemeral" };
        return v;
      });
      body = {
        model,
        messages: [
          { role: "user", content: [{ type: "text", text: turn.message, cache_control: { type: "ephemeral" } }] },
        ],
        max_tokens: maxTokens,
        stream: true,
        system: [{ type: "text", text: system.text, cache_control: { type: "ephemeral" } }],
        tools: toolValues,
      };
      // Measured: thinking off is sent as `{ type: "disabled" }`.
      if (reasoning && level === "off") body.thinking = { type: "disabled" };
      else if (reasoning && level !== "off") {
        const t = piAnthropicThinking(level, maxTokens);
        body.max_tokens = t.maxTokens;
        body.thinking = { type: "enabled", budget_tokens: t.budget, display: "summarized" };
      }
      systemWhere = "system[0].text";
      userWhere = "messages[0].content[0].text";
      break;
    case "google-generative-ai":
      toolValues = [
        {
          functionDeclarations: tools.map((t) => ({
            name: t.name,
            description: t.description,
            parametersJsonSchema: t.parameters,
          })),
        },
      ];
      body = {
        contents: [{ parts: [{ text: turn.message }], role: "user" }],
        systemInstruction: { parts: [{ text: system.text }], role: "user" },
        tools: toolValues,
        generationConfig: reasoning
          ? { maxOutputTokens: maxTokens, thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } }
          : { maxOutputTokens: maxTokens },
      };
      systemWhere = "systemInstruction.parts[0].text";
      userWhere = "contents[0].parts[0].text";
      break;
    default: {
      const never: never = api;
      throw new Error(`unknown pi api ${String(never)}`);
    }
  }
  const layers: WireLayer[] = [];
  const t = system.text;
  const ctxStart = system.contextSpan?.[0] ?? system.skillsSpan?.[0] ?? t.lastIndexOf("\nCurrent date: ");
  layers.push({
    id: turn.systemMd !== undefined ? "system-md" : "pi-prompt",
    layer: "system",
    where: systemWhere,
    text: t.slice(0, ctxStart),
    sources: [],
    prose: turn.systemMd !== undefined ? "user-supplied" : p,
  });
  if (system.contextSpan) {
    layers.push({
      id: "project-context",
      layer: "context-file",
      where: systemWhere,
      text: t.slice(...system.contextSpan),
      sources: turn.contextFiles.map((f) => ({
        path: f.path,
        bytesIn: new TextEncoder().encode(f.content).length,
        bytesKept: new TextEncoder().encode(f.content).length,
      })),
      prose: prose.origin,
    });
  }
  if (system.skillsSpan)
    layers.push({
      id: "skills",
      layer: "skills",
      where: systemWhere,
      text: t.slice(...system.skillsSpan),
      sources: turn.skills.map((s) => ({ path: s.path, bytesIn: 0, bytesKept: 0 })),
      prose: prose.origin,
    });
  layers.push({
    id: "date-cwd",
    layer: "environment",
    where: systemWhere,
    text: t.slice(t.lastIndexOf("\nCurrent date: ")),
    sources: [],
    prose: "data",
  });
  layers.push({
    id: "user-message",
    layer: "user-message",
    where: userWhere,
    text: turn.message,
    sources: [],
    prose: "data",
  });
  return {
    body,
    layers,
    tools: tools.map((x, i) => ({
      name: x.name,
      value:
        api === "google-generative-ai"
          ? (toolValues[0] as { functionDeclarations: unknown[] }).functionDeclarations[i]
          : toolValues[i],
      prose: x.prose,
    })),
  };
}
