// Breadth-first scan of one skill root for SKILL.md files, with Codex's depth, directory and symlink rules.
// IO through the Host only.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import type { SkillRoot } from "../model/turn-context.js";
import { parseSkillMd, parseSkillSidecar } from "./parse-skill-md.js";
import { basenameOf, dirnameOf, joinPath } from "./paths.js";
import { formatCount } from "./text-utils.js";

/** The root is depth 0: `root/d0/…/d5/SKILL.md` loads, one level deeper does not. */
import {
  SKILL_MAX_SCAN_DEPTH as MAX_SCAN_DEPTH,
  SKILL_MAX_DIRS_PER_ROOT as MAX_SKILLS_DIRS_PER_ROOT,
} from "../profiles/discovery-rules.js";
import { cannotRead, fileErrorReason } from "../model/file-error.js";
export { MAX_SCAN_DEPTH, MAX_SKILLS_DIRS_PER_ROOT };
const SKILL_FILE = "SKILL.md";
/** `<skill dir>/agents/openai.yaml` holds the skill's invocation policy. */
const SIDECAR_DIR = "agents";
const NO_SIDECAR = { ok: false as const, error: { code: "ENOENT", message: "no agents folder" } };

export interface ScannedSkill {
  name: string;
  description: string;
  shortDescription?: string;
  /** Canonical SKILL.md path. */
  path: string;
  contents: string;
  allowImplicitInvocation: boolean;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

export function scanSkillRoot(host: Host, root: SkillRoot): Result<ScannedSkill[]> {
  const diagnostics: Diagnostic[] = [];
  const skills: ScannedSkill[] = [];
  // Codex drops System-scope parse errors; we keep them visible at info level.
  const errorSeverity = root.scope === "system" ? "info" : "warning";
  const followSymlinks = root.scope !== "system";
  const visited = new Set<string>([root.path]);
  const queue: { dir: string; depth: number }[] = [{ dir: root.path, depth: 0 }];
  let scanned = 0;

  while (queue.length > 0) {
    if (scanned >= MAX_SKILLS_DIRS_PER_ROOT) {
      diagnostics.push(
        diagnostic(
          "skills/scan-truncated",
          "warning",
          `skills scan truncated after ${formatCount(MAX_SKILLS_DIRS_PER_ROOT)} directories`,
          {
            file: root.path,
            data: { maxDirs: MAX_SKILLS_DIRS_PER_ROOT, unscanned: queue.length },
          },
        ),
      );
      break;
    }
    const { dir, depth } = queue.shift() as { dir: string; depth: number };
    scanned++;
    const listed = host.readDir(dir);
    if (!listed.ok) {
      diagnostics.push(
        diagnostic(
          "skills/unreadable-dir",
          "warning",
          `skipped: cannot list ${dir}: ${fileErrorReason(listed.error)}`,
          { file: dir, data: { code: listed.error.code } },
        ),
      );
      continue;
    }
    // Without an `agents` entry here, its openai.yaml cannot exist: no stat per skill for the sidecar.
    let mayHaveSidecar: boolean | undefined;
    for (const entry of listed.value) {
      if (entry.name.startsWith(".")) continue;
      const path = joinPath(dir, entry.name);
      let target = path;
      let kind = entry.kind;
      if (kind === "symlink") {
        if (!followSymlinks) continue;
        const st = host.stat(path);
        if (!st.ok) {
          diagnostics.push(
            diagnostic("skills/broken-symlink", "warning", `skipped: ${cannotRead(path, st.error)}`, {
              file: path,
              data: { code: st.error.code },
            }),
          );
          continue;
        }
        // A symlinked SKILL.md file is ignored; only symlinked directories are followed.
        if (st.value.kind !== "directory") {
          if (entry.name === SKILL_FILE)
            diagnostics.push(
              diagnostic(
                "skills/symlinked-file",
                "info",
                "ignored: a symlinked SKILL.md (Codex follows symlinked folders only)",
                { file: path },
              ),
            );
          continue;
        }
        const real = host.realpath(path);
        if (!real.ok) continue;
        target = real.value;
        kind = "directory";
      }
      if (kind === "directory") {
        if (depth + 1 > MAX_SCAN_DEPTH || visited.has(target)) continue;
        visited.add(target);
        queue.push({ dir: target, depth: depth + 1 });
        continue;
      }
      if (kind !== "file" || entry.name !== SKILL_FILE) continue;
      mayHaveSidecar ??= listed.value.some((e) => e.name === SIDECAR_DIR);
      const skill = loadSkill(host, path, errorSeverity, diagnostics, mayHaveSidecar);
      if (skill) skills.push(skill);
    }
  }
  return { value: skills, diagnostics };
}

function loadSkill(
  host: Host,
  path: string,
  severity: "info" | "warning",
  diagnostics: Diagnostic[],
  mayHaveSidecar: boolean,
): ScannedSkill | undefined {
  const read = host.readBytes(path);
  if (!read.ok) {
    diagnostics.push(
      diagnostic("skills/unreadable", severity, `skipped: ${cannotRead(path, read.error)}`, {
        file: path,
        data: { code: read.error.code },
      }),
    );
    return undefined;
  }
  let text: string;
  try {
    text = utf8.decode(read.value.bytes);
  } catch {
    diagnostics.push(diagnostic("skills/invalid-utf8", severity, "skipped: not valid UTF-8", { file: path }));
    return undefined;
  }
  const dir = dirnameOf(path);
  const parsed = parseSkillMd(text, basenameOf(dir));
  if (!parsed.ok) {
    diagnostics.push(diagnostic("skills/invalid-skill", severity, parsed.message, { file: path }));
    return undefined;
  }
  let allowImplicitInvocation = true;
  // Only named where there is an `agents` entry (diagnostics name it only after a stat or read of it).
  const sidecarPath = mayHaveSidecar ? joinPath(dir, SIDECAR_DIR, "openai.yaml") : "";
  // stat first (a missing sidecar costs the same one call): a FIFO there would block the read.
  const sidecarStat = mayHaveSidecar ? host.stat(sidecarPath) : NO_SIDECAR;
  const sidecar =
    sidecarStat.ok && sidecarStat.value.kind !== "file"
      ? { ok: false as const, error: { code: "EINVAL", message: "not a regular file" } }
      : sidecarStat.ok
        ? host.readBytes(sidecarPath)
        : sidecarStat;
  if (sidecar.ok) {
    let sidecarText: string | undefined;
    try {
      sidecarText = utf8.decode(sidecar.value.bytes);
    } catch {
      diagnostics.push(
        diagnostic("skills/invalid-sidecar", "warning", "ignored: not valid UTF-8", { file: sidecarPath }),
      );
    }
    if (sidecarText !== undefined) {
      const meta = parseSkillSidecar(sidecarText);
      allowImplicitInvocation = meta.allowImplicitInvocation;
      for (const warning of meta.warnings)
        diagnostics.push(diagnostic("skills/invalid-sidecar", "warning", `ignored: ${warning}`, { file: sidecarPath }));
    }
  } else if (sidecar.error.code !== "ENOENT" && sidecar.error.code !== "ENOTDIR") {
    diagnostics.push(
      diagnostic("skills/invalid-sidecar", "warning", `ignored: ${cannotRead(sidecarPath, sidecar.error)}`, {
        file: sidecarPath,
      }),
    );
  }
  const skill: ScannedSkill = {
    name: parsed.value.name,
    description: parsed.value.description,
    path,
    contents: text,
    allowImplicitInvocation,
  };
  if (parsed.value.shortDescription !== undefined) skill.shortDescription = parsed.value.shortDescription;
  return skill;
}
