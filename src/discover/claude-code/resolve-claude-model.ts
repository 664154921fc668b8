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

/** A settings file's object, or undefined when it is missing or not a JSON object. */
function readSettings(host: Host, path: string): { [key: string]: unknown } | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(r.value.bytes));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as { [key: string]: unknown }) : undefined;
  } catch {
    return undefined;
  }
}

/** The settings files Claude Code merges, strongest first: the cwd's local and shared, then the user's. */
export function claudeSettingsLayers(host: Host, options: { cwd: string; home: string }): { [key: string]: unknown }[] {
  return [
    joinPath(options.cwd, ".claude", "settings.local.json"),
    joinPath(options.cwd, ".claude", "settings.json"),
    joinPath(options.home, ".claude", "settings.json"),
  ].flatMap((p) => {
    const layer = readSettings(host, p);
    return layer === undefined ? [] : [layer];
  });
}

function settingsModel(layers: readonly { [key: string]: unknown }[]): string | undefined {
  return layers.map((l) => l.model).find((m): m is string => typeof m === "string" && m !== "");
}

/** What Claude Code's attribution reminder asks for, per part: its own line (undefined), the user's text, or none. */
export interface ClaudeAttribution {
  commit?: false | string;
  pr?: false | string;
}

/**
 * The commit and pull-request attribution Claude Code asks for: commits from `attribution.commitTrailers`, else
 * `attribution.commit` (empty turns it off, other text replaces the trailer), else the older
 * `includeCoAuthoredBy`; pull requests from `attribution.pr` likewise, else `includeCoAuthoredBy`. From 2.1.332's
 * settings code, confirmed by capture; each key from the strongest file that sets it.
 */
export function claudeAttribution(layers: readonly { [key: string]: unknown }[]): ClaudeAttribution {
  const attribution = Object.assign(
    {},
    ...[...layers]
      .reverse()
      .map((l) => (l.attribution !== null && typeof l.attribution === "object" ? l.attribution : {})),
  ) as { commitTrailers?: unknown; commit?: unknown; pr?: unknown };
  const legacy = layers.map((l) => l.includeCoAuthoredBy).find((v) => typeof v === "boolean");
  const part = (text: unknown): false | string | undefined =>
    typeof text === "string" ? (text === "" ? false : text) : legacy === false ? false : undefined;
  const out: ClaudeAttribution = {};
  const commit =
    attribution.commitTrailers === false
      ? false
      : attribution.commit === undefined && attribution.pr !== undefined
        ? undefined
        : part(attribution.commit);
  if (commit !== undefined) out.commit = commit;
  const pr = part(attribution.pr);
  if (pr !== undefined) out.pr = pr;
  return out;
}

export function resolveClaudeCodeModel(
  host: Host,
  options: { cwd: string; home: string; model?: string },
): { model: string; diagnostics: Diagnostic[] } {
  const env = host.env("ANTHROPIC_MODEL");
  const given =
    options.model ??
    (env !== undefined && env !== "" ? env : undefined) ??
    settingsModel(claudeSettingsLayers(host, options));
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
