// SKILL.md frontmatter parsing and validation with Codex 0.171.0's rules and error texts, and the
// `agents/openai.yaml` sidecar's implicit-invocation policy. Pure.
import { parse as parseYaml } from "yaml";
import { parseSimpleFrontmatter } from "../model/parse-simple-frontmatter.js";
import { quoteFrontmatterValues } from "./quote-frontmatter-values.js";
import { charCount, isRustWhitespace, rustTrim } from "./text-utils.js";

// Codex's limits (profiles/discovery-rules.ts). The description one is not a load error in 0.171.0: longer
// descriptions load and are listed cut to it; the short-description one is documented, and longer ones load too.
import {
  SKILL_NAME_MAX_CHARS as MAX_SKILL_NAME_CHARS,
  SKILL_DESCRIPTION_MAX_CHARS as MAX_SKILL_DESCRIPTION_CHARS,
  SKILL_SHORT_DESCRIPTION_MAX_CHARS as MAX_SKILL_SHORT_DESCRIPTION_CHARS,
} from "../profiles/discovery-rules.js";
export { MAX_SKILL_NAME_CHARS, MAX_SKILL_DESCRIPTION_CHARS, MAX_SKILL_SHORT_DESCRIPTION_CHARS };
/** Bounds YAML alias expansion so an alias bomb fails fast instead of hanging. */
const YAML_MAX_ALIAS_COUNT = 100;

export interface ParsedSkillMd {
  name: string;
  description: string;
  shortDescription?: string;
}

export type ParseSkillMdResult = { ok: true; value: ParsedSkillMd } | { ok: false; message: string };

/** Printable ASCII words separated by single spaces: text sanitizeSingleLine leaves as it is. */
const ALREADY_SINGLE_LINE = /^[\x21-\x7E]+(?: [\x21-\x7E]+)*$/;

/** Collapses every whitespace run (newlines too) to one space and trims, like Codex's sanitize_single_line. */
export function sanitizeSingleLine(text: string): string {
  return ALREADY_SINGLE_LINE.test(text) ? text : collapseWhitespace(text);
}

/** sanitizeSingleLine's general step, without the shortcut for text that is already single-spaced ASCII. */
export function collapseWhitespace(text: string): string {
  let out = "";
  let pendingSpace = false;
  for (const ch of text) {
    if (isRustWhitespace(ch)) {
      pendingSpace = out !== "";
      continue;
    }
    if (pendingSpace) out += " ";
    pendingSpace = false;
    out += ch;
  }
  return out;
}

/** The lines between a first `---` line and the next `---` line, or undefined when not delimited. */
export function extractFrontmatter(text: string): string | undefined {
  // Rust `str::lines` (split on \n, one trailing \r dropped per line), read only up to the closing line: a
  // skill's body can be long, and 300 skills are split per preview.
  let nl = text.indexOf("\n");
  if (rustTrim(withoutCr(text.slice(0, nl < 0 ? text.length : nl))) !== "---" || nl < 0) return undefined;
  const block: string[] = [];
  for (let start = nl + 1; ; start = nl + 1) {
    nl = text.indexOf("\n", start);
    const line = withoutCr(text.slice(start, nl < 0 ? text.length : nl));
    if (rustTrim(line) === "---") return block.length === 0 ? undefined : block.join("\n");
    block.push(line);
    if (nl < 0) return undefined;
  }
}

function withoutCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/** Parses YAML with alias expansion bounded; throws the `yaml` package's error on bad input. */
export function parseYamlSafely(text: string): unknown {
  return parseYaml(text, { maxAliasCount: YAML_MAX_ALIAS_COUNT, prettyErrors: false, uniqueKeys: false });
}

function yamlErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0] ?? message;
}

type Field = { ok: true; value: string | undefined } | { ok: false; message: string };

function stringField(table: Record<string, unknown>, key: string, label: string): Field {
  const v = table[key];
  if (v === undefined || v === null) return { ok: true, value: undefined };
  if (typeof v === "string") return { ok: true, value: sanitizeSingleLine(v) };
  return {
    ok: false,
    message: `invalid YAML: ${label}: invalid type: ${Array.isArray(v) ? "sequence" : typeof v}, expected a string`,
  };
}

/** Validates SKILL.md text; `dirName` is the skill folder's name (the name fallback). */
export function parseSkillMd(text: string, dirName: string | undefined): ParseSkillMdResult {
  const block = extractFrontmatter(text);
  if (block === undefined) return { ok: false, message: "missing YAML frontmatter delimited by ---" };
  // Plain `key: value` frontmatter (nearly all of it) skips the YAML parser; the answer is the same.
  let doc: unknown = parseSimpleFrontmatter(block);
  if (doc === undefined) {
    try {
      doc = parseYamlSafely(block);
    } catch (error) {
      // Codex retries with every `key: value` taken as a quoted string (quote-frontmatter-values.ts).
      const quoted = quoteFrontmatterValues(block);
      try {
        if (quoted === undefined) throw error;
        doc = parseYamlSafely(quoted);
      } catch {
        return { ok: false, message: `invalid YAML: ${yamlErrorText(error)}` };
      }
    }
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    return {
      ok: false,
      message: `invalid YAML: invalid type: ${Array.isArray(doc) ? "sequence" : doc === null ? "null" : typeof doc}, expected struct SkillFrontmatter`,
    };
  const table = doc as Record<string, unknown>;
  const name = stringField(table, "name", "name");
  if (!name.ok) return name;
  const description = stringField(table, "description", "description");
  if (!description.ok) return description;
  let shortDescription: string | undefined;
  const metadata = table["metadata"];
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== "object" || Array.isArray(metadata))
      return { ok: false, message: "invalid YAML: metadata: expected a mapping" };
    const sd = stringField(metadata as Record<string, unknown>, "short-description", "metadata.short-description");
    if (!sd.ok) return sd;
    shortDescription = sd.value;
  }

  const finalName = name.value ? name.value : dirName ? sanitizeSingleLine(dirName) || "skill" : "skill";
  if (charCount(finalName) > MAX_SKILL_NAME_CHARS)
    return { ok: false, message: `invalid name: exceeds maximum length of ${MAX_SKILL_NAME_CHARS} characters` };
  if (!description.value) return { ok: false, message: "missing field `description`" };
  // No length check on description or short-description: 0.171.0 loads both at any length and cuts the listed
  // description at MAX_SKILL_DESCRIPTION_CHARS (fragments/fit-skill-lines.ts), checked with codex debug prompt-input.
  const value: ParsedSkillMd = { name: finalName, description: description.value };
  if (shortDescription) value.shortDescription = shortDescription;
  return { ok: true, value };
}

export interface SkillSidecar {
  allowImplicitInvocation: boolean;
  /** Problems found; Codex only warns about them. */
  warnings: string[];
}

/** `agents/openai.yaml`: only `policy.allow_implicit_invocation` (default true) matters for the prompt. */
export function parseSkillSidecar(text: string): SkillSidecar {
  let doc: unknown;
  try {
    doc = parseYamlSafely(text);
  } catch (error) {
    return { allowImplicitInvocation: true, warnings: [`invalid YAML: ${yamlErrorText(error)}`] };
  }
  if (doc === null || doc === undefined) return { allowImplicitInvocation: true, warnings: [] };
  if (typeof doc !== "object" || Array.isArray(doc))
    return { allowImplicitInvocation: true, warnings: ["expected a mapping"] };
  const policy = (doc as Record<string, unknown>)["policy"];
  if (policy === undefined || policy === null) return { allowImplicitInvocation: true, warnings: [] };
  if (typeof policy !== "object" || Array.isArray(policy))
    return { allowImplicitInvocation: true, warnings: ["policy: expected a mapping"] };
  const allow = (policy as Record<string, unknown>)["allow_implicit_invocation"];
  if (allow === undefined || allow === null) return { allowImplicitInvocation: true, warnings: [] };
  if (typeof allow !== "boolean")
    return { allowImplicitInvocation: true, warnings: ["policy.allow_implicit_invocation: expected a boolean"] };
  return { allowImplicitInvocation: allow, warnings: [] };
}
