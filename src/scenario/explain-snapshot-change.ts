// Why a turn's request no longer matches its snapshot, in the user's terms: which layer changed (an instructions
// file edited, a skill added or re-described, the tool list, the model), the tokens each change costs, and how
// much of the snapshot's prompt a prefix cache still serves. Works on any wire body. Pure.
import { commonPrefix, explainPrefix, type CommonPrefixResult } from "../cache/common-prefix.js";
import { describeToolChange } from "../cache/divergence.js";
import type { RequestLike } from "../cache/prompt-segments.js";
import { bodyAsRequest } from "../cache/wire-body-as-request.js";
import type { CacheModel } from "../cache/cache-model.js";
import { canonicalJson } from "../compile/canonical-json.js";
import { matchFragment } from "../fragments/markers.js";
import { isJsonObject } from "../model/json-value.js";
import type { CountTokens } from "../tokens/count.js";

/** One model-visible piece of the new request and where it came from (a manifest fragment or a wire layer). */
export interface TurnLayer {
  id: string;
  /** The manifest's or the wire layout's layer kind (`agents-md`, `context-file`, `skills`, `system`, …). */
  kind: string;
  /** Source files: the path as the text names it, and the name the user knows it by (relative to the checkout). */
  sources: LayerSource[];
  text: string;
  /** Where its prose came from (the manifest's origin: `stand-in`, `calibrated`, …). */
  prose?: string;
}

export interface LayerSource {
  path: string;
  name: string;
  /** The file's text now, when known: a layer that never names its files' paths is matched by content. */
  text?: string;
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

/** A source as the user names it: its placeholder path, relative to the checkout when it is inside it. */
export function sourceName(portablePath: string): string {
  return portablePath.startsWith("<rootDir>/") ? portablePath.slice("<rootDir>/".length) : portablePath;
}

const skillName = (source: LayerSource) => source.name.split("/").slice(-2, -1)[0] ?? source.name;
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Which skills a changed skills list added or re-described, by the lines naming each skill's folder. */
function describeSkillChange(layer: TurnLayer, oldText: string | undefined): string {
  const named = (text: string, name: string) =>
    text.split("\n").find((line) => new RegExp(`(^|[^\\w-])${escapeRegExp(name)}([^\\w-]|$)`).test(line));
  const parts: string[] = [];
  for (const name of layer.sources.map(skillName)) {
    const now = named(layer.text, name);
    const before = oldText === undefined ? undefined : named(oldText, name);
    if (before === undefined) parts.push(`skill ${name} added`);
    else if (before !== now) parts.push(`skill ${name}: description changed`);
  }
  return parts.length > 0 ? parts.join("; ") : "skills list changed";
}

/** A text cut where it first names each source's path: the text before the first, then each source's part. */
function partsOf(text: string, sources: readonly LayerSource[]): { outside: string; parts: Map<string, string> } {
  const marks = sources
    .map((source) => ({ source, at: text.indexOf(source.path) }))
    .filter((m) => m.at >= 0)
    .sort((a, b) => a.at - b.at);
  const parts = new Map(marks.map((m, i) => [m.source.name, text.slice(m.at, marks[i + 1]?.at ?? text.length)]));
  return { outside: text.slice(0, marks[0]?.at ?? text.length), parts };
}

/**
 * The sources whose part of a layer changed (a part runs from where the text first names the source's path to
 * where the next one's starts), and whether the text before the first part did. Undefined when the text names
 * none of its sources (then all of them are named).
 */
function changedParts(layer: TurnLayer, before: string): { names: string[]; outside: boolean } | undefined {
  const now = partsOf(layer.text, layer.sources);
  if (now.parts.size === 0) {
    // No path in the text (Copilot's blocks): a file whose text the old layer holds did not change.
    const known = layer.sources.filter((s) => s.text !== undefined && s.text.trim() !== "");
    if (known.length === 0 || known.length < layer.sources.length) return undefined;
    const names = known.filter((s) => !before.includes(s.text!.trim())).map((s) => s.name);
    return names.length > 0 ? { names, outside: false } : undefined;
  }
  const old = partsOf(before, layer.sources);
  const names = [...now.parts].filter(([name, text]) => old.parts.get(name) !== text).map(([name]) => name);
  return { names, outside: now.outside !== old.outside };
}

function describeLayer(layer: TurnLayer, status: "edited" | "added" | "removed", oldText?: string): string {
  const files = layer.sources.map((s) => s.name).join(", ");
  const id = layer.id;
  if (layer.kind === "agents-md" || layer.kind === "context-file") {
    const parts = status === "edited" && oldText !== undefined ? changedParts(layer, oldText) : undefined;
    if (parts === undefined) return `${files || "instructions file"} ${status}`;
    const around = `the text around ${files} (${id}: environment, paths)`;
    if (parts.names.length === 0) return `${around} ${status}`;
    return `${parts.names.join(", ")} ${status}${parts.outside ? `, and ${around}` : ""}`;
  }
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

const asRequest = (body: unknown): RequestLike => bodyAsRequest(body) ?? {};

/** `old`: the snapshot's body in this machine's real paths; `now`: the new body and its layers. */
export function explainSnapshotChange(
  old: unknown,
  now: { body: unknown; layers: readonly TurnLayer[] },
  countTokens: CountTokens,
  /** The provider's cache model, which decides how much of a shared prefix is reusable. */
  cacheModel?: CacheModel,
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
  const prefix = commonPrefix(asRequest(old), asRequest(now.body), {
    countTokens,
    ...(cacheModel !== undefined ? { cacheModel } : {}),
  });
  return { changes, prefix, prefixBreaks: explainPrefix(prefix) };
}
