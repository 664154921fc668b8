// The context sections of one captured Codex request, each tied to the settings it was rendered for: every
// permissions section to its sandbox mode, every session update to its prose sentence. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { AGENTS_MD_HEADING_PREFIX } from "../fragments/agents-md.js";
import { PERMISSIONS_OPEN_TAG } from "../fragments/permissions.js";
import { SKILLS_OPEN_TAG } from "../fragments/skills-section.js";
import {
  AGENTS_MD_WITHDRAWN_HEADING,
  MODEL_SWITCH_CLOSE_TAG,
  MODEL_SWITCH_OPEN_TAG,
} from "../session/settings-update.js";

export type SessionSentenceId = "model-switch" | "agents-md-replaced" | "agents-md-removed";

/** How the sandbox mode of a permissions section was told. */
export type SandboxEvidence =
  /** the `<filesystem>` of the first environment context after it (and before the next permissions section) */
  | "filesystem"
  /** no environment followed: only the network or approval changed, so the sandbox is the previous section's */
  | "unchanged"
  /** the request's turn metadata (`sandbox_mode`), for the section in force for the turn */
  | "turn-metadata";

export interface CapturedPermissions {
  text: string;
  /** Sandbox mode the section was rendered for; undefined when it cannot be told (a diagnostic says so). */
  sandbox?: string;
  evidence?: SandboxEvidence;
  /** The last permissions section of the request: the one in force for the turn the request was sent for. */
  current: boolean;
}

export interface ContextSections {
  skills: string[];
  permissions: CapturedPermissions[];
  /** Session-update sentences in the order they occur. */
  sentences: { id: SessionSentenceId; text: string }[];
  diagnostics: Diagnostic[];
}

type Obj = { [key: string]: unknown };
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Sandbox mode an `<environment_context>`'s `<filesystem>` element describes (Codex 0.171.0 layout, captured). */
export function sandboxOfEnvironment(text: string): string | undefined {
  if (!text.startsWith("<environment_context>")) return undefined;
  const fs = /<filesystem>[\s\S]*?<\/filesystem>/.exec(text)?.[0];
  if (fs === undefined) return undefined;
  if (fs.includes('<permission_profile type="disabled">')) return "danger-full-access";
  if (!fs.includes('<permission_profile type="managed">')) return undefined;
  return fs.includes('<entry access="write">') ? "workspace-write" : "read-only";
}

const INSTRUCTIONS_OPEN = "\n\n<INSTRUCTIONS>\n";
const INSTRUCTIONS_CLOSE = "\n</INSTRUCTIONS>";

/** The text between `<heading>\n\n<INSTRUCTIONS>\n` and `\n</INSTRUCTIONS>`, or undefined. */
function instructionsBody(text: string, headingEnd: number): string | undefined {
  if (!text.startsWith(INSTRUCTIONS_OPEN, headingEnd) || !text.endsWith(INSTRUCTIONS_CLOSE)) return undefined;
  const start = headingEnd + INSTRUCTIONS_OPEN.length;
  return start <= text.length - INSTRUCTIONS_CLOSE.length
    ? text.slice(start, text.length - INSTRUCTIONS_CLOSE.length)
    : undefined;
}

/** The first paragraph of `body` when more follows it (`sentence\n\nrest`), else undefined. */
function leadParagraph(body: string): string | undefined {
  const gap = body.indexOf("\n\n");
  return gap > 0 && gap + 2 < body.length ? body.slice(0, gap) : undefined;
}

/**
 * Walks the request's message parts in order. AGENTS.md parts are read as a state machine: a part with a directory
 * heading after earlier docs is a replacement (sentence, blank line, docs); one without a directory is a
 * withdrawal; one with no docs before it is plain initial context. `turnSandbox` is the turn metadata's
 * `sandbox_mode`, which holds for the last permissions section only.
 */
export function collectContextSections(items: unknown[], file: string, turnSandbox?: string): ContextSections {
  const out: ContextSections = { skills: [], permissions: [], sentences: [], diagnostics: [] };
  const unrecognised = (what: string) =>
    out.diagnostics.push(
      diagnostic(
        "calibrate/unrecognised-section",
        "warning",
        `${file}: ${what} does not have the expected layout; skipped`,
        { file },
      ),
    );
  const permissionsAt: number[] = [];
  const filesystems: { at: number; sandbox: string }[] = [];
  let docsBefore = false;
  let at = 0;
  for (const item of items) {
    if (!isObj(item) || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (!isObj(part) || typeof part.text !== "string") continue;
      const t = part.text;
      at++;
      if (item.role === "developer") {
        if (t.startsWith(SKILLS_OPEN_TAG)) out.skills.push(t);
        else if (t.startsWith(PERMISSIONS_OPEN_TAG)) {
          permissionsAt.push(at);
          out.permissions.push({ text: t, current: false });
        } else if (t.startsWith(MODEL_SWITCH_OPEN_TAG + "\n")) {
          const body = t.endsWith("\n" + MODEL_SWITCH_CLOSE_TAG)
            ? t.slice(MODEL_SWITCH_OPEN_TAG.length + 1, t.length - MODEL_SWITCH_CLOSE_TAG.length - 1)
            : "";
          const sentence = leadParagraph(body);
          if (sentence === undefined) unrecognised("a model switch section");
          else out.sentences.push({ id: "model-switch", text: sentence });
        }
      } else if (item.role === "user") {
        const fs = sandboxOfEnvironment(t);
        if (fs !== undefined) filesystems.push({ at, sandbox: fs });
        if (t.startsWith(AGENTS_MD_HEADING_PREFIX)) {
          const body = instructionsBody(t, t.indexOf("\n"));
          if (docsBefore) {
            const sentence = body === undefined ? undefined : leadParagraph(body);
            if (sentence === undefined) unrecognised("an AGENTS.md replacement");
            else out.sentences.push({ id: "agents-md-replaced", text: sentence });
          }
          docsBefore = true;
        } else if (t.startsWith(AGENTS_MD_WITHDRAWN_HEADING + INSTRUCTIONS_OPEN)) {
          const body = instructionsBody(t, AGENTS_MD_WITHDRAWN_HEADING.length);
          if (body === undefined || body === "") unrecognised("an AGENTS.md withdrawal");
          else out.sentences.push({ id: "agents-md-removed", text: body });
          docsBefore = false;
        }
      }
    }
  }

  // The sandbox cannot change without the `<filesystem>` changing, and Codex re-renders permissions whenever it
  // changes: so between two permissions sections the sandbox is the first one's.
  out.permissions.forEach((p, k) => {
    const from = permissionsAt[k] ?? 0;
    const to = permissionsAt[k + 1] ?? Infinity;
    const fs = filesystems.find((f) => f.at > from && f.at < to);
    const previous = out.permissions[k - 1]?.sandbox;
    if (fs !== undefined) Object.assign(p, { sandbox: fs.sandbox, evidence: "filesystem" });
    else if (previous !== undefined) Object.assign(p, { sandbox: previous, evidence: "unchanged" });
  });
  const current = out.permissions.at(-1);
  if (current !== undefined) {
    current.current = true;
    if (turnSandbox !== undefined && current.evidence === "filesystem" && current.sandbox !== turnSandbox) {
      out.diagnostics.push(
        diagnostic(
          "calibrate/sandbox-mismatch",
          "warning",
          `${file}: the turn's sandbox_mode is ${turnSandbox} but its environment describes ${current.sandbox}; permissions section skipped`,
          {
            file,
            data: { metadata: turnSandbox, filesystem: current.sandbox ?? null },
          },
        ),
      );
      delete current.sandbox;
      delete current.evidence;
    } else if (turnSandbox !== undefined && current.evidence !== "filesystem")
      Object.assign(current, { sandbox: turnSandbox, evidence: "turn-metadata" });
  }
  for (const p of out.permissions) {
    if (p.sandbox !== undefined || (p.current && turnSandbox !== undefined)) continue;
    out.diagnostics.push(
      diagnostic(
        "calibrate/unknown-sandbox",
        "warning",
        `${file}: cannot tell the sandbox mode of a permissions section (no environment <filesystem> after it, no turn metadata); skipped`,
        { file },
      ),
    );
  }
  return out;
}
