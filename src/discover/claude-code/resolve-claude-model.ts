// The model Claude Code 2.1.332 starts with: `--model`, else ANTHROPIC_MODEL, else the `model` of the cwd's
// .claude/settings.local.json, .claude/settings.json, then ~/.claude/settings.json, else its default; aliases
// (opus, sonnet, haiku) and retired ids resolved as it resolves them (precedence and aliases measured). IO
// through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import {
  CLAUDE_CODE_DEFAULTS,
  claudeModelFacts,
  resolveClaudeModel,
} from "../../profiles/claude-code/claude-code-facts.js";
import { joinPath } from "../paths.js";

function settingsModel(host: Host, path: string): string | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  try {
    const v = JSON.parse(new TextDecoder().decode(r.value.bytes)) as { model?: unknown } | null;
    return typeof v?.model === "string" && v.model !== "" ? v.model : undefined;
  } catch {
    return undefined;
  }
}

export function resolveClaudeCodeModel(
  host: Host,
  options: { cwd: string; home: string; model?: string },
): { model: string; diagnostics: Diagnostic[] } {
  const env = host.env("ANTHROPIC_MODEL");
  const given =
    options.model ??
    (env !== undefined && env !== "" ? env : undefined) ??
    settingsModel(host, joinPath(options.cwd, ".claude", "settings.local.json")) ??
    settingsModel(host, joinPath(options.cwd, ".claude", "settings.json")) ??
    settingsModel(host, joinPath(options.home, ".claude", "settings.json"));
  const model = given === undefined ? CLAUDE_CODE_DEFAULTS.model : resolveClaudeModel(given);
  const diagnostics: Diagnostic[] = [];
  const layout = claudeModelFacts(model).layout;
  if (layout === "legacy")
    diagnostics.push(
      diagnostic(
        "claude-code/legacy-model-layout",
        "warning",
        `for ${model} Claude Code lays the request out as for its older models (one user message, no system turn, a thinking budget); promptc shows the 5.x layout`,
      ),
    );
  if (layout === "unknown")
    diagnostics.push(
      diagnostic(
        "claude-code/unknown-model",
        "info",
        `${model} is not a Claude model id Claude Code knows: it sends 32,000 max tokens, effort high, and names no model family (its model line is other prose than promptc's)`,
      ),
    );
  return { model, diagnostics };
}
