// Explicit skill mentions: `$name` and `[$name](path)` parsing and Codex's selection rules (structured inputs
// first, linked paths in skill order, unambiguous plain names). Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { SkillMetadata } from "../model/turn-context.js";

export const TOOL_MENTION_SIGIL = "$";
/** Common environment variables, never taken as skill names (compared case-insensitively). */
export const COMMON_ENV_VARS: readonly string[] = [
  "PATH",
  "HOME",
  "USER",
  "SHELL",
  "PWD",
  "TMPDIR",
  "TEMP",
  "TMP",
  "LANG",
  "TERM",
  "XDG_CONFIG_HOME",
];
const NON_SKILL_SCHEMES = ["app://", "mcp://", "plugin://"];
const SKILL_SCHEME = "skill://";

export interface ToolMentions {
  /** Every mentioned name (plain and linked), in first-seen order. */
  names: string[];
  /** Names mentioned as plain `$name` (the only ones matched by name). */
  plainNames: string[];
  /** Paths of linked mentions that may be skill paths (`skill://` stripped). */
  paths: string[];
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_\-:]/.test(c);
}

function isCommonEnvVar(name: string): boolean {
  const upper = name.toUpperCase();
  return COMMON_ENV_VARS.includes(upper);
}

function readName(text: string, start: number): string {
  let end = start;
  while (isNameChar(text[end])) end++;
  return text.slice(start, end);
}

/** `[$name]  (path)` at `i` → name, path and the index after `)`; undefined when it is not a link. */
function readLinked(text: string, i: number): { name: string; path: string; end: number } | undefined {
  if (text[i] !== "[" || text[i + 1] !== TOOL_MENTION_SIGIL) return undefined;
  const name = readName(text, i + 2);
  let j = i + 2 + name.length;
  if (name === "" || text[j] !== "]") return undefined;
  j++;
  while (text[j] === " " || text[j] === "\t" || text[j] === "\n" || text[j] === "\r") j++;
  if (text[j] !== "(") return undefined;
  const close = text.indexOf(")", j + 1);
  if (close < 0) return undefined;
  const path = text.slice(j + 1, close).trim();
  if (path === "") return undefined;
  return { name, path, end: close + 1 };
}

export function extractToolMentions(text: string): ToolMentions {
  const names: string[] = [];
  const plainNames: string[] = [];
  const paths: string[] = [];
  const add = (list: string[], v: string) => {
    if (!list.includes(v)) list.push(v);
  };
  let i = 0;
  while (i < text.length) {
    const linked = readLinked(text, i);
    if (linked) {
      if (!isCommonEnvVar(linked.name)) {
        add(names, linked.name);
        if (!NON_SKILL_SCHEMES.some((s) => linked.path.startsWith(s))) {
          add(paths, linked.path.startsWith(SKILL_SCHEME) ? linked.path.slice(SKILL_SCHEME.length) : linked.path);
        }
      }
      i = linked.end;
      continue;
    }
    if (text[i] === TOOL_MENTION_SIGIL) {
      const name = readName(text, i + 1);
      if (name !== "" && !isCommonEnvVar(name)) {
        add(names, name);
        add(plainNames, name);
      }
      i += 1 + name.length;
      continue;
    }
    i++;
  }
  return { names, plainNames, paths };
}

export interface MentionInput {
  texts: string[];
  /** Structured selections (`UserInput::Skill`). */
  structured?: { name: string; path: string }[];
  /** Lower-cased connector slugs that shadow plain names. */
  connectorSlugs?: string[];
}

export interface MentionSelection {
  skills: SkillMetadata[];
  diagnostics: Diagnostic[];
}

export function collectExplicitSkillMentions(input: MentionInput, skills: SkillMetadata[]): MentionSelection {
  const selected: SkillMetadata[] = [];
  const diagnostics: Diagnostic[] = [];
  const names = new Set<string>();
  const paths = new Set<string>();
  const blocked = new Set<string>();
  const select = (s: SkillMetadata) => {
    if (names.has(s.name) || paths.has(s.path)) return;
    selected.push(s);
    names.add(s.name);
    paths.add(s.path);
  };
  const enabled = skills.filter((s) => s.enabled);
  for (const st of input.structured ?? []) {
    blocked.add(st.name);
    const hit = enabled.find((s) => s.path === st.path);
    if (hit) select(hit);
    else
      diagnostics.push(
        diagnostic("skills/mention-unresolved", "warning", `skill ${st.name}: no enabled skill at ${st.path}`, {
          data: { name: st.name, path: st.path },
        }),
      );
  }
  const slugs = new Set((input.connectorSlugs ?? []).map((s) => s.toLowerCase()));
  for (const text of input.texts) {
    const m = extractToolMentions(text);
    for (const s of enabled) if (m.paths.includes(s.path)) select(s);
    for (const s of enabled) {
      if (!m.plainNames.includes(s.name) || blocked.has(s.name)) continue;
      const count = enabled.filter((o) => o.name === s.name).length;
      if (count !== 1) {
        if (!names.has(s.name))
          diagnostics.push(
            diagnostic("skills/mention-ambiguous", "info", `$${s.name} names ${count} skills; none injected`, {
              data: { name: s.name, count },
            }),
          );
        continue;
      }
      if (slugs.has(s.name.toLowerCase())) {
        diagnostics.push(
          diagnostic("skills/mention-shadowed", "info", `$${s.name} is also a connector; skill not injected`, {
            data: { name: s.name },
          }),
        );
        continue;
      }
      select(s);
    }
  }
  return { skills: selected, diagnostics: dedupe(diagnostics) };
}

function dedupe(ds: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return ds.filter((d) => {
    const k = d.rule + d.message;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
