// Reads `$CODEX_HOME/rules/*.rules` and returns the approved (allow) command prefixes Codex would render.
// IO through the Host only; parsing is in parse-prefix-rules.ts.
import type { Host } from "../host/host.js";
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";
import { parsePrefixRules } from "./parse-prefix-rules.js";
import type { PrefixRule } from "./parse-prefix-rules.js";
import { joinPath } from "./paths.js";
import { appendAll } from "../model/append-all.js";
import { cannotRead, fileErrorReason } from "../model/file-error.js";

export interface PrefixRulesInfo {
  /** Every parsed rule, all decisions, in file-name then file order. */
  rules: PrefixRule[];
  /** Patterns of `allow` rules (deduplicated), in the same order; empty when any file failed to parse. */
  approvedPrefixes: string[][];
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A rules file is read up to this size (hundreds of thousands of rules); a larger one is reported, not parsed. */
export const RULES_FILE_MAX_BYTES = 16 * 1024 * 1024;

export function discoverPrefixRules(host: Host, codexHome: string): Result<PrefixRulesInfo> {
  const dir = joinPath(codexHome, "rules");
  const diagnostics: Diagnostic[] = [];
  const listed = host.readDir(dir);
  if (!listed.ok) {
    if (listed.error.code !== "ENOENT")
      diagnostics.push(
        diagnostic("rules/unreadable", "warning", `cannot list rules folder ${dir}: ${fileErrorReason(listed.error)}`, {
          file: dir,
        }),
      );
    return { value: { rules: [], approvedPrefixes: [] }, diagnostics };
  }
  const rules: PrefixRule[] = [];
  let failed = false;
  for (const entry of listed.value) {
    if (!entry.name.endsWith(".rules")) continue;
    const path = joinPath(dir, entry.name);
    const st = host.stat(path);
    if (!st.ok || st.value.kind !== "file") {
      const why = st.ok
        ? st.value.kind === "directory"
          ? "a directory"
          : "not a regular file"
        : cannotRead(path, st.error);
      diagnostics.push(diagnostic("rules/not-a-file", "info", `ignored: ${why}`, { file: path }));
      continue;
    }
    const read = host.readBytes(path, { maxBytes: RULES_FILE_MAX_BYTES });
    let text: string | undefined;
    if (read.ok && read.value.truncated) {
      diagnostics.push(
        diagnostic("rules/too-large", "error", `larger than ${RULES_FILE_MAX_BYTES} bytes; not read`, {
          file: path,
          data: { size: read.value.size, maxBytes: RULES_FILE_MAX_BYTES },
        }),
      );
    } else if (read.ok) {
      try {
        text = utf8.decode(read.value.bytes);
      } catch {
        diagnostics.push(diagnostic("rules/invalid-utf8", "error", "not valid UTF-8", { file: path }));
      }
    } else diagnostics.push(diagnostic("rules/unreadable", "error", cannotRead(path, read.error), { file: path }));
    if (text === undefined) {
      failed = true;
      continue;
    }
    const parsed = parsePrefixRules(text, path);
    appendAll(diagnostics, parsed.diagnostics);
    if (parsed.diagnostics.some((d) => d.severity === "error")) failed = true;
    appendAll(rules, parsed.value);
  }
  if (failed) {
    // Observed in 0.171.0: one bad rules file and Codex renders no approved prefixes at all.
    diagnostics.push(
      diagnostic(
        "rules/all-ignored",
        "warning",
        "a rules file failed to load, so (as in Codex) no approved command prefixes are sent",
        { file: dir },
      ),
    );
    return { value: { rules, approvedPrefixes: [] }, diagnostics };
  }
  const seen = new Set<string>();
  const approvedPrefixes: string[][] = [];
  for (const rule of rules) {
    if (rule.decision !== "allow") continue;
    const key = JSON.stringify(rule.pattern);
    if (seen.has(key)) continue;
    seen.add(key);
    approvedPrefixes.push(rule.pattern);
  }
  return { value: { rules, approvedPrefixes }, diagnostics };
}
