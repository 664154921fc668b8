// Why a turn's request no longer matches its snapshot, in the user's terms: which layer changed (an instructions
// file edited, a skill added or re-described, the tool list, the model), the tokens each change costs, and how
// much of the snapshot's prompt a prefix cache still serves. Works on any wire body. Pure.
import { commonPrefix, explainPrefix, type CommonPrefixResult } from "../cache/common-prefix.js";
import { describeToolChange } from "../cache/divergence.js";
import { parseRequest } from "../cache/parse-request.js";
import type { RequestLike } from "../cache/prompt-segments.js";
import { wireBodyAsRequest } from "../cache/wire-body-as-request.js";
import { canonicalJson } from "../compile/canonical-json.js";
import { matchFragment } from "../fragments/markers.js";
import { isJsonObject } from "../model/json-value.js";
import type { CountTokens } from "../tokens/count.js";

/** One model-visible piece of the new request and where it came from (a manifest fragment or a wire layer). */
export interface TurnLayer {
  id: string;
  /** The manifest's or the wire layout's layer kind (`agents-md`, `context-file`, `skills`, `system`, …). */
  kind: string;
  /** Source files, as the snapshot spells them (placeholders for machine paths). */
  sources: string[];
  text: string;
  /** Where its prose came from (the manifest's origin: `stand-in`, `calibrated`, …). */
  prose?: string;
}

export interface LayerChange {
  /** One sentence in the user's terms. */
  what: string;
  /** Tokens the request gains (positive) or loses through this change; none for a change of setting (the model). */
  tokens?: number;
  /** What to do about it, when the cause is this machine rather than the repository. */
  hint?: string;
}

export interface TurnChangeExplanation {
  changes: LayerChange[];
  /** The snapshot's request against the new one, as a prefix cache sees them. */
  prefix: CommonPrefixResult;
  /** explainPrefix of `prefix`: why the cache prefix breaks, if it does. */
  prefixBreaks: string[];
}

interface Leaf {
  path: string;
  text: string;
}

/** Every string in a body but the tool declarations and the model. */
function stringLeaves(value: unknown, path = "", out: Leaf[] = []): Leaf[] {
  if (typeof value === "string") out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((v, i) => stringLeaves(v, `${path}[${i}]`, out));
  else if (isJsonObject(value))
    // The tool list and the model are compared as wholes.
    for (const [k, v] of Object.entries(value))
      if (k !== "tools" && !(path === "" && k === "model")) stringLeaves(v, path ? `${path}.${k}` : k, out);
  return out;
}

/** Every tool declared anywhere in a body (`tools`, an `additional_tools` item, Gemini's functionDeclarations). */
function toolsOf(value: unknown, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) toolsOf(v, out);
  else if (isJsonObject(value))
    for (const [k, v] of Object.entries(value)) {
      if (k === "tools" && Array.isArray(v))
        for (const t of v)
          if (isJsonObject(t) && Array.isArray(t.functionDeclarations)) out.push(...t.functionDeclarations);
          else out.push(t);
      else toolsOf(v, out);
    }
  return out;
}

const firstLine = (text: string) => text.split("\n", 1)[0]!;

/** `old`'s counterpart of `layer`, which sits inside `now` in the new body: the text between what surrounds it in both. */
function counterpartText(layer: string, now: string, old: string): string {
  const at = now.indexOf(layer);
  const before = now.slice(0, at);
  const after = now.slice(at + layer.length);
  return old.startsWith(before) && old.endsWith(after) && before.length + after.length <= old.length
    ? old.slice(before.length, old.length - after.length)
    : old;
}

/** A source as the user names it: relative to the checkout when it is inside it. */
export function sourceName(path: string): string {
  return path.startsWith("<rootDir>/") ? path.slice("<rootDir>/".length) : path;
}

const skillName = (source: string) => source.split("/").slice(-2, -1)[0] ?? source;

/** Which skills a changed skills list added or re-described, by the lines naming each skill's folder. */
function describeSkillChange(layer: TurnLayer, oldText: string | undefined): string {
  const named = (text: string, name: string) =>
    text
      .split("\n")
      .find((line) => new RegExp(`(^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^\\w-]|$)`).test(line));
  const parts: string[] = [];
  for (const name of layer.sources.map(skillName)) {
    const now = named(layer.text, name);
    const before = oldText === undefined ? undefined : named(oldText, name);
    if (before === undefined) parts.push(`skill ${name} added`);
    else if (before !== now) parts.push(`skill ${name}: description changed`);
  }
  return parts.length > 0 ? parts.join("; ") : "skills list changed";
}

function describeLayer(layer: TurnLayer, status: "edited" | "added" | "removed", oldText?: string): string {
  const files = layer.sources.map(sourceName).join(", ");
  const id = layer.id;
  if (layer.kind === "agents-md" || layer.kind === "context-file") return `${files || "instructions file"} ${status}`;
  if (layer.kind === "skills" || id === "skills") return describeSkillChange(layer, oldText);
  if (layer.kind === "skill-injection") return `skill body ${files || id} ${status}`;
  if (layer.kind === "base-instructions" || layer.kind === "system")
    return `system prompt ${id} ${status} (the model's layout or its prose)`;
  if (id === "permissions") return `permissions (sandbox, approvals) ${status}`;
  if (layer.kind === "environment") return `environment ${id} ${status} (cwd, shell, date, git or folders)`;
  if (layer.kind === "user-message") return `the scenario's user message ${status}`;
  if (layer.kind === "history") return `conversation history ${status}`;
  return `${layer.kind} ${id} ${status}`;
}

/** A removed piece of the old body, named by its fragment markers when it has them. */
function describeRemoved(text: string): string {
  const fragment = matchFragment(text);
  if (fragment === "agents-md") return "AGENTS.md instructions removed";
  const head = firstLine(text).slice(0, 60);
  return `${fragment ?? "text"} removed (${JSON.stringify(head)}${head.length < firstLine(text).length ? "…" : ""})`;
}

/** promptc's stand-in prose says so in its text; an installed agent's calibrated prose does not. */
const STAND_IN_WORD = "stand-in";

/** When prose differs because one side was written with a calibrated agent and the other without. */
function calibrationHint(layer: TurnLayer, before: string): string | undefined {
  const wasStandIn = before.includes(STAND_IN_WORD);
  if (layer.prose === "stand-in" && !wasStandIn)
    return "snapshot has calibrated prose, this machine the stand-in (calibrate, or use --no-calibration)";
  if (layer.prose === "calibrated" && wasStandIn)
    return "this machine has calibrated prose, the snapshot the stand-in (compare with --no-calibration)";
  return undefined;
}

function asRequest(body: unknown): RequestLike {
  const r = parseRequest(body);
  return r.ok ? r.request : (wireBodyAsRequest(body) ?? {});
}

/** `old`: the snapshot's body in this machine's real paths; `now`: the new body and its layers. */
export function explainSnapshotChange(
  old: unknown,
  now: { body: unknown; layers: readonly TurnLayer[] },
  countTokens: CountTokens,
): TurnChangeExplanation {
  const changes: LayerChange[] = [];
  const oldModel = isJsonObject(old) ? old.model : undefined;
  const newModel = isJsonObject(now.body) ? now.body.model : undefined;
  if (oldModel !== newModel) changes.push({ what: `model changed: ${String(oldModel)} -> ${String(newModel)}` });
  const oldTools = toolsOf(old);
  const newTools = toolsOf(now.body);
  if (canonicalJson(oldTools) !== canonicalJson(newTools))
    changes.push({
      what: describeToolChange(oldTools, newTools, canonicalJson),
      tokens: countTokens(JSON.stringify(newTools)) - countTokens(JSON.stringify(oldTools)),
    });
  const oldLeaves = stringLeaves(old);
  const newLeaves = stringLeaves(now.body);
  const oldTexts = new Set(oldLeaves.map((l) => l.text));
  const newTexts = new Set(newLeaves.map((l) => l.text));
  /** Old leaves a change already accounts for. */
  const used = new Set<Leaf>();
  /** New leaves a change already accounts for. */
  const covered = new Set<Leaf>();
  for (const layer of now.layers) {
    if (layer.text === "") continue;
    // The string that carries the layer: the one equal to it, else the first that holds it.
    const home = newLeaves.find((l) => l.text === layer.text) ?? newLeaves.find((l) => l.text.includes(layer.text));
    if (home === undefined) continue;
    const head = firstLine(home.text);
    // Its counterpart in the old body: same place and opening line, else the same opening line, else the same
    // place when what stood there is gone from the new body.
    const counterpart =
      oldLeaves.find((l) => l.path === home.path && firstLine(l.text) === head) ??
      oldLeaves.find((l) => firstLine(l.text) === head && !newTexts.has(l.text) && !used.has(l)) ??
      oldLeaves.find((l) => l.path === home.path && !newTexts.has(l.text) && !used.has(l));
    if (oldTexts.has(layer.text) || counterpart?.text.includes(layer.text)) continue;
    covered.add(home);
    if (counterpart === undefined) {
      changes.push({ what: describeLayer(layer, "added"), tokens: countTokens(layer.text) });
      continue;
    }
    used.add(counterpart);
    const before = counterpartText(layer.text, home.text, counterpart.text);
    const hint = calibrationHint(layer, before);
    changes.push({
      what: describeLayer(layer, "edited", before),
      tokens: countTokens(layer.text) - countTokens(before),
      ...(hint !== undefined ? { hint } : {}),
    });
  }
  // What no layer names: pieces changed in place (same place in the body), added or removed.
  const oldByPath = new Map(oldLeaves.map((l) => [l.path, l]));
  for (const leaf of newLeaves) {
    if (covered.has(leaf) || oldTexts.has(leaf.text)) continue;
    const before = oldByPath.get(leaf.path);
    if (before !== undefined && !used.has(before) && !newTexts.has(before.text)) {
      used.add(before);
      changes.push({ what: `${leaf.path} changed`, tokens: countTokens(leaf.text) - countTokens(before.text) });
    } else changes.push({ what: `${leaf.path} added`, tokens: countTokens(leaf.text) });
  }
  for (const leaf of oldLeaves)
    if (!used.has(leaf) && !newTexts.has(leaf.text) && !newLeaves.some((l) => l.text.includes(leaf.text)))
      changes.push({ what: describeRemoved(leaf.text), tokens: -countTokens(leaf.text) });
  const prefix = commonPrefix(asRequest(old), asRequest(now.body), { countTokens });
  return { changes, prefix, prefixBreaks: explainPrefix(prefix) };
}
