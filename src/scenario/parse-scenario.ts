// Parses and validates a scenario file (YAML or JSON) against the scenario JSON Schema. Pure: text in,
// Result out; every problem is a diagnostic with the file, a JSON path ($.turns[1].settings.sandbox) and a line.
import { Ajv, type ErrorObject } from "ajv";
import { LineCounter, parseDocument, type Document } from "yaml";
import { diagnostic, type Diagnostic, type Place, type Result } from "../model/diagnostic.js";
import type { Scenario, ScenarioSettings } from "./scenario.js";
import { HARNESS_SCENARIO_KEYS, SCENARIO_SCHEMA } from "./scenario-schema.js";
import { getProfile, hasEnvelopeLayout } from "../profiles/index.js";

/** The schema's errors for `value`. The validator is compiled per call: a scenario is parsed once per run. */
function validate(value: unknown): ErrorObject[] {
  const validator = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(SCENARIO_SCHEMA);
  if (validator(value)) return [];
  const errors = [...(validator.errors ?? [])];
  // A failed oneOf is reported once, in its own words; its branches' errors would only repeat it.
  const branches = errors.filter((e) => e.keyword === "oneOf").map((e) => `${e.schemaPath}/`);
  return errors.filter((e) => !branches.some((b) => e.schemaPath.startsWith(b)));
}

/** `$.turns[1].settings` from path segments. */
export function jsonPath(segments: readonly (string | number)[]): string {
  return (
    "$" +
    segments
      .map((s) =>
        typeof s === "number" ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`,
      )
      .join("")
  );
}

function segmentsOf(instancePath: string): (string | number)[] {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

function placeOf(doc: Document, lines: LineCounter, segments: (string | number)[]): Place | undefined {
  for (let n = segments.length; n >= 0; n--) {
    const node = doc.getIn(segments.slice(0, n), true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === "object" && node.range) {
      const pos = lines.linePos(node.range[0]);
      return { line: pos.line, column: pos.col };
    }
    if (n === 0 && doc.contents?.range) {
      const pos = lines.linePos(doc.contents.range[0]);
      return { line: pos.line, column: pos.col };
    }
  }
  return undefined;
}

function describeError(e: ErrorObject): { segments: (string | number)[]; message: string } {
  const segments = segmentsOf(e.instancePath);
  const p = e.params as { [k: string]: unknown };
  switch (e.keyword) {
    case "additionalProperties":
      return {
        segments: [...segments, String(p.additionalProperty)],
        message: `unknown key "${String(p.additionalProperty)}"`,
      };
    case "required":
      return { segments, message: `missing required key "${String(p.missingProperty)}"` };
    case "enum":
      return {
        segments,
        message: `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
      };
    case "const":
      return { segments, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case "oneOf": {
      const described = (e.parentSchema as { description?: unknown } | undefined)?.description;
      return { segments, message: typeof described === "string" ? `must be ${described}` : (e.message ?? e.keyword) };
    }
    default:
      return { segments, message: e.message ?? e.keyword };
  }
}

/**
 * Keys the scenario's profile has no reader for, each an error rather than silently ignored: a harness profile's
 * discovery reads only HARNESS_SCENARIO_KEYS (no sandbox, no `codexHome`, replies as `assistant:` text); a profile
 * with Codex's discovery reads its CODEX_HOME from `codexHome:`, not `home:`.
 */
function unreadKeys(
  raw: Omit<Scenario, "file" | "name">,
  doc: Document,
  lines: LineCounter,
  file: string,
): Diagnostic[] {
  const profile = getProfile(raw.profile);
  const found: [(string | number)[], string][] = [];
  if (hasEnvelopeLayout(profile)) {
    if (raw.home !== undefined) found.push([["home"], "use `codexHome:` (the CODEX_HOME its discovery reads)"]);
  } else {
    const not = (keys: readonly string[], at: (string | number)[], obj: object | undefined) => {
      for (const k of Object.keys(obj ?? {}))
        if (!keys.includes(k)) found.push([[...at, k], `its discovery does not read it (it reads ${keys.join(", ")})`]);
    };
    not(HARNESS_SCENARIO_KEYS.top, [], raw);
    not(HARNESS_SCENARIO_KEYS.settings, ["settings"], raw.settings);
    raw.turns.forEach((t, i) => {
      not(HARNESS_SCENARIO_KEYS.turn, ["turns", i], t);
      not(HARNESS_SCENARIO_KEYS.settings, ["turns", i, "settings"], t.settings);
    });
  }
  return found.map(([segments, why]) => {
    const path = jsonPath(segments);
    const place = placeOf(doc, lines, segments);
    return diagnostic("scenario/schema", "error", `${path}: the ${profile.id} profile cannot use it: ${why}`, {
      file,
      ...(place ? { place } : {}),
      data: { path },
    });
  });
}

/** Posix path resolution without IO: `rel` against the folder of `file`. */
export function resolveAgainst(file: string, rel: string): string {
  const base = rel.startsWith("/") ? [] : file.split("/").slice(0, -1);
  const parts: string[] = [];
  for (const seg of [...base, ...rel.split("/")]) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  const absolute = rel.startsWith("/") || file.startsWith("/");
  return (absolute ? "/" : "") + parts.join("/");
}

function resolveSettings(file: string, s: ScenarioSettings | undefined): ScenarioSettings | undefined {
  if (!s) return s;
  const out = { ...s };
  if (out.cwd !== undefined) out.cwd = resolveAgainst(file, out.cwd);
  if (out.writableRoots) out.writableRoots = out.writableRoots.map((r) => resolveAgainst(file, r));
  return out;
}

function baseName(file: string): string {
  const last = file.split("/").pop() ?? file;
  return last.replace(/\.(ya?ml|json)$/i, "");
}

/**
 * Parse scenario text. `file` names it in diagnostics and anchors relative paths (cwd, codexHome, writable
 * roots); a scenario with `files` is virtual, so its relative paths resolve against `/` instead.
 */
export function parseScenario(text: string, file: string): Result<Scenario | undefined> {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: true, prettyErrors: false });
  const diagnostics: Diagnostic[] = [];
  for (const err of doc.errors) {
    // linePos is only filled with prettyErrors; the LineCounter gives the place from the byte offset.
    const pos = err.linePos?.[0] ?? lines.linePos(err.pos[0]);
    diagnostics.push(
      diagnostic("scenario/syntax", "error", err.message.split("\n")[0] ?? err.message, {
        file,
        ...(pos ? { place: { line: pos.line, column: pos.col } } : {}),
      }),
    );
  }
  if (diagnostics.length) return { value: undefined, diagnostics };
  const value: unknown = doc.toJS({ maxAliasCount: 100 });
  if (value === null || value === undefined) {
    return {
      value: undefined,
      diagnostics: [diagnostic("scenario/empty", "error", "scenario file is empty", { file })],
    };
  }
  const seen = new Set<string>();
  for (const e of validate(value)) {
    // if/then failures repeat the inner error; report each place+message once.
    if (e.keyword === "if") continue;
    const d = describeError(e);
    const path = jsonPath(d.segments);
    const key = `${path} ${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const place = placeOf(doc, lines, d.segments);
    diagnostics.push(
      diagnostic("scenario/schema", "error", `${path}: ${d.message}`, {
        file,
        ...(place ? { place } : {}),
        data: { path },
      }),
    );
  }
  if (diagnostics.length === 0)
    diagnostics.push(...unreadKeys(value as Omit<Scenario, "file" | "name">, doc, lines, file));
  if (diagnostics.length) return { value: undefined, diagnostics };
  const raw = value as Omit<Scenario, "file" | "name"> & { name?: string };
  const anchor = raw.files ? "/scenario" : file;
  const scenario: Scenario = {
    ...raw,
    file,
    name: raw.name ?? baseName(file),
    settings: resolveSettings(anchor, raw.settings) as Scenario["settings"],
    turns: raw.turns.map((t) => {
      const settings = resolveSettings(anchor, t.settings);
      return settings ? { ...t, settings } : t;
    }),
  };
  if (raw.codexHome !== undefined) scenario.codexHome = resolveAgainst(anchor, raw.codexHome);
  if (raw.home !== undefined) scenario.home = resolveAgainst(anchor, raw.home);
  return { value: scenario, diagnostics: [] };
}
