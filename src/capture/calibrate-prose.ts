// Calibration: lift the prose fragments (base instructions, skills preamble, permission sentences, compaction
// prompt and summary prefix, tool descriptions) out of captured Codex requests into `--prose-dir` files, keyed by
// prose id. Pure: the caller reads the captures and writes the files. The prose stays on the user's machine.
import YAML from "yaml";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { oneLine } from "../model/one-line.js";
import { SKILLS_CLOSE_TAG } from "../fragments/skills-section.js";
import { calibratePermissions, type CalibrateApproval } from "./calibrate-permissions.js";
import { collectContextSections } from "./collect-context-sections.js";
import { appendAll } from "../model/append-all.js";
import { calibrateLayout, type ObservedLayout, type ObservedWindow } from "./calibrate-layout.js";

export type { CalibrateApproval } from "./calibrate-permissions.js";

export interface CalibrateInput {
  /** Path shown in diagnostics. */
  file: string;
  body: string;
  /** user-agent of the request, when known (version check). */
  userAgent?: string;
  /** Text the capture server answered this request with (from `capture.json`); a compaction's answer is the
   * summary that later requests carry after the summary prefix. */
  replyText?: string;
}

export interface CalibrateOptions {
  /** Approval policy the capture ran with (`codex exec` defaults to never). */
  approval?: CalibrateApproval;
  agentVersion?: string;
  targetVersion?: string;
  /** The windows of the model the capture ran, from a catalogue (written into the layout facts). */
  modelWindow?: (model: string) => ObservedWindow | undefined;
}

/** Verbatim tool lists and the layout facts go beside the prose, under these names. */
export const REQUEST_TOOLS_FILE = "request-tools.json";
export const ADDITIONAL_TOOLS_FILE = "additional-tools.json";
export const LAYOUT_FILE = "layout.json";

export interface CalibrateResult {
  /** File name in the prose dir → content. */
  files: { [name: string]: string };
  /** The layout the first request with an initial context shows (model, fields, tool placement, texts). */
  layout?: ObservedLayout;
  /** Prose id → capture it came from. */
  sources: { [id: string]: string };
  agentVersion?: string;
  diagnostics: Diagnostic[];
}

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

interface ToolProseOut {
  description: string;
  parameters?: { [path: string]: string };
}

function paramDescriptions(schema: unknown, prefix: string, out: { [path: string]: string }): void {
  if (!isObj(schema)) return;
  const props = isObj(schema.properties) ? schema.properties : undefined;
  if (props) {
    for (const [name, p] of Object.entries(props)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (isObj(p) && typeof p.description === "string") out[path] = p.description;
      paramDescriptions(p, path, out);
    }
  }
  // Array items share their parent's path (`questions.header`, not `questions.items.header`).
  if (isObj(schema.items)) paramDescriptions(schema.items, prefix, out);
}

function toolProse(tools: unknown[], prefix = ""): { [name: string]: ToolProseOut } {
  const out: { [name: string]: ToolProseOut } = {};
  for (const t of tools) {
    if (!isObj(t) || typeof t.name !== "string" || typeof t.description !== "string") continue;
    const name = prefix + t.name;
    const entry: ToolProseOut = { description: t.description };
    const params: { [path: string]: string } = {};
    paramDescriptions(t.parameters, "", params);
    if (Object.keys(params).length > 0) entry.parameters = params;
    out[name] = entry;
    if (Array.isArray(t.tools)) Object.assign(out, toolProse(t.tools, `${name}.`));
  }
  return out;
}

function textsOf(item: unknown): string[] {
  if (!isObj(item) || !Array.isArray(item.content)) return [];
  return item.content.flatMap((c) => (isObj(c) && typeof c.text === "string" ? [c.text] : []));
}

function turnMetadata(body: Obj): Obj {
  const cm = body.client_metadata;
  const raw = isObj(cm) ? cm["x-codex-turn-metadata"] : undefined;
  if (typeof raw !== "string") return {};
  try {
    const v: unknown = JSON.parse(raw);
    return isObj(v) ? v : {};
  } catch {
    return {};
  }
}

export function calibrateProse(inputs: CalibrateInput[], options: CalibrateOptions = {}): CalibrateResult {
  const diagnostics: Diagnostic[] = [];
  const texts: { [id: string]: string } = {};
  const sources: { [id: string]: string } = {};
  let tools: { [name: string]: ToolProseOut } | undefined;
  let agentVersion = options.agentVersion;
  const approval = options.approval ?? "never";
  /** Answers to compaction requests seen so far: later requests carry `prefix + "\n" + answer`. */
  const summaries: string[] = [];
  let networkVerbatim = false;
  let layout: ObservedLayout | undefined;
  let requestTools: unknown[] | undefined;
  let additionalTools: unknown[] | undefined;

  const toolSources: { [name: string]: string } = {};
  const mergeTool = (name: string, prose: ToolProseOut, file: string) => {
    tools ??= {};
    const known = tools[name];
    const kept = toolSources[name] ?? "";
    if (known === undefined) {
      tools[name] = prose;
      toolSources[name] = file;
    } else if (JSON.stringify(known) !== JSON.stringify(prose)) {
      diagnostics.push(
        diagnostic(
          "calibrate/conflict",
          "warning",
          `${file}: the description of tool ${name} differs from the one taken from ${kept}; kept that one`,
          { file, data: { id: `tools.yaml:${name}`, kept } },
        ),
      );
    }
  };
  const put = (id: string, text: string, file: string) => {
    const known = texts[id];
    if (known !== undefined && known !== text) {
      const kept = sources[id] ?? "";
      const where = kept === file ? "an earlier section of the same request" : kept;
      diagnostics.push(
        diagnostic(
          "calibrate/conflict",
          "warning",
          `${file}: ${id} differs from the text taken from ${where}; kept that one`,
          { file, data: { id, kept } },
        ),
      );
      return;
    }
    texts[id] = text;
    sources[id] ??= file;
  };

  for (const input of inputs) {
    const file = input.file;
    let body: unknown;
    try {
      body = JSON.parse(input.body);
    } catch (error) {
      diagnostics.push(
        diagnostic(
          "calibrate/invalid-json",
          "error",
          `${file}: not valid JSON: ${oneLine(error instanceof Error ? error.message : String(error))}`,
          { file },
        ),
      );
      continue;
    }
    if (!isObj(body) || !Array.isArray(body.input)) {
      diagnostics.push(
        diagnostic("calibrate/not-responses", "error", `${file}: not a Responses request body (no input list)`, {
          file,
        }),
      );
      continue;
    }
    const version =
      input.userAgent !== undefined ? /^codex_[a-z_]+\/([0-9][0-9A-Za-z.+-]*)/.exec(input.userAgent)?.[1] : undefined;
    if (version !== undefined) agentVersion ??= version;
    const meta = turnMetadata(body);
    const items = body.input;

    if (typeof body.instructions === "string") put("base-instructions", body.instructions, file);
    else {
      // Code-mode requests open with an `additional_tools` item; the base instructions are the first message.
      const first = items.find((i) => isObj(i) && i.type === "message");
      const t = textsOf(first)[0];
      if (isObj(first) && first.role === "developer" && t !== undefined && !t.startsWith("<"))
        put("base-instructions", t, file);
    }

    for (const item of summaries.length > 0 ? items : []) {
      if (!isObj(item) || item.role !== "user") continue;
      for (const t of textsOf(item)) {
        const summary = summaries.find((s) => t.length > s.length + 1 && t.endsWith("\n" + s));
        if (summary !== undefined) put("compact-summary-prefix", t.slice(0, t.length - summary.length - 1), file);
      }
    }
    if (meta.request_kind === "compaction") {
      const last = items[items.length - 1];
      const t = textsOf(last)[0];
      if (isObj(last) && last.role === "user" && t !== undefined) put("compact-prompt", t, file);
      if (input.replyText !== undefined && input.replyText !== "") summaries.push(input.replyText);
    }

    const sections = collectContextSections(
      items,
      file,
      typeof meta.sandbox_mode === "string" ? meta.sandbox_mode : undefined,
    );
    appendAll(diagnostics, sections.diagnostics);
    for (const t of sections.skills) {
      const m = /^<skills_instructions>\n## Skills\n([\s\S]*?)\n### Skill roots\n/.exec(t);
      if (m?.[1] !== undefined && t.endsWith(SKILLS_CLOSE_TAG)) put("skills-preamble", m[1], file);
      else
        diagnostics.push(
          diagnostic(
            "calibrate/unrecognised-section",
            "warning",
            `${file}: skills section does not have the expected layout; skipped`,
            { file },
          ),
        );
    }
    for (const s of sections.sentences) put(s.id, s.text, file);
    networkVerbatim = calibratePermissions(sections.permissions, approval, file, put, diagnostics) || networkVerbatim;
    if (Array.isArray(body.tools))
      for (const [name, prose] of Object.entries(toolProse(body.tools))) mergeTool(name, prose, file);
    // Per-model texts, the tool lists verbatim and the layout facts, whatever the layout (compactions carry none;
    // the request's own shape is what counts, so a later request replaces an earlier one's).
    const parts = meta.request_kind === "compaction" ? undefined : calibrateLayout(body);
    if (parts) {
      for (const [id, text] of Object.entries(parts.texts)) if (!id.startsWith("developer-")) put(id, text, file);
      // The last request's shape is the current one (a resumed turn may run another model than the first).
      layout = parts.observed;
      requestTools = parts.requestTools;
      additionalTools = parts.additionalTools;
    }
  }

  if (networkVerbatim) {
    diagnostics.push(
      diagnostic(
        "calibrate/network-sentence",
        "info",
        "a sandbox sentence names the network setting other than by one 'enabled'/'restricted' word; kept verbatim, so it is exact for the network setting of the capture only",
      ),
    );
  }
  if (options.targetVersion !== undefined && agentVersion !== undefined && agentVersion !== options.targetVersion) {
    diagnostics.push(
      diagnostic(
        "calibrate/version-mismatch",
        "warning",
        `capture is from version ${agentVersion}; the profile targets ${options.targetVersion}: its layout may differ`,
        { data: { captured: agentVersion, target: options.targetVersion } },
      ),
    );
  }
  if (agentVersion === undefined)
    diagnostics.push(
      diagnostic(
        "calibrate/unknown-version",
        "info",
        "agent version unknown (no headers next to the capture); pass --agent-version to record it",
      ),
    );

  const files: { [name: string]: string } = {};
  for (const id of Object.keys(texts).sort()) files[`${id}.md`] = texts[id] as string;
  if (tools) files["tools.yaml"] = YAML.stringify(tools, { lineWidth: 0 });
  if (requestTools) files[REQUEST_TOOLS_FILE] = JSON.stringify(requestTools);
  if (additionalTools) files[ADDITIONAL_TOOLS_FILE] = JSON.stringify(additionalTools);
  const window = layout && options.modelWindow?.(layout.model);
  if (layout && window) layout = { ...layout, window };
  if (layout) files[LAYOUT_FILE] = JSON.stringify(layout, null, 2) + "\n";
  const result: CalibrateResult = { files, sources, diagnostics };
  if (layout) result.layout = layout;
  if (agentVersion !== undefined) result.agentVersion = agentVersion;
  return result;
}
