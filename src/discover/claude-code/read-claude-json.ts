// The two facts Claude Code's request takes from `~/.claude.json`: the device id (`userID`, sent in
// `metadata.user_id`) and whether the project approved imports from outside the launch folder. IO through the
// Host only. Observed with 2.1.332: the approval is looked up under the git root (the cwd outside a repository).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { joinPath } from "../paths.js";

export interface ClaudeJsonFacts {
  /** `userID` (64 hex digits, written on first start); undefined before the first run. */
  deviceId?: string;
  externalIncludesApproved: boolean;
  path: string;
  exists: boolean;
}

/** `~/.claude.json` as read and parsed, once for every project key asked of it. */
export interface ClaudeJsonFile {
  path: string;
  exists: boolean;
  /** The parsed JSON; undefined when the file is missing or not valid JSON. */
  json?: unknown;
  diagnostics: Diagnostic[];
}

export function readClaudeJsonFile(host: Host, home: string): ClaudeJsonFile {
  const path = joinPath(home, ".claude.json");
  const r = host.readBytes(path);
  if (!r.ok) return { path, exists: false, diagnostics: [] };
  try {
    return { path, exists: true, json: JSON.parse(new TextDecoder().decode(r.value.bytes)), diagnostics: [] };
  } catch {
    return {
      path,
      exists: true,
      diagnostics: [
        diagnostic(
          "claude-json/invalid",
          "warning",
          `${path} is not valid JSON; promptc reads no device id or approvals from it`,
          { file: path },
        ),
      ],
    };
  }
}

/** The facts `file` gives for the project `projectKey`. */
export function claudeJsonFacts(
  file: ClaudeJsonFile,
  projectKey: string,
): { value: ClaudeJsonFacts; diagnostics: Diagnostic[] } {
  const value: ClaudeJsonFacts = { externalIncludesApproved: false, path: file.path, exists: file.exists };
  const diagnostics = [...file.diagnostics];
  const json = file.json;
  if (json === null || typeof json !== "object") return { value, diagnostics };
  const o = json as { userID?: unknown; projects?: unknown };
  if (typeof o.userID === "string") value.deviceId = o.userID;
  const projects = o.projects;
  if (projects !== null && typeof projects === "object") {
    const p = (projects as { [k: string]: unknown })[projectKey];
    if (
      p !== null &&
      typeof p === "object" &&
      (p as { hasClaudeMdExternalIncludesApproved?: unknown }).hasClaudeMdExternalIncludesApproved === true
    )
      value.externalIncludesApproved = true;
  }
  return { value, diagnostics };
}

export function readClaudeJson(
  host: Host,
  home: string,
  projectKey: string,
): { value: ClaudeJsonFacts; diagnostics: Diagnostic[] } {
  return claudeJsonFacts(readClaudeJsonFile(host, home), projectKey);
}
