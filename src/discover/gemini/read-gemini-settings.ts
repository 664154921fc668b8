// The settings Gemini CLI 0.61.0's first request depends on: `context.fileName`, `model.name` and
// `general.defaultApprovalMode` (but yolo), from ~/.gemini/settings.json under the cwd's `.gemini/settings.json` — the
// latter only in a trusted folder (measured: with `--skip-trust` alone it is ignored; GEMINI_CLI_TRUST_WORKSPACE=true
// at start or a trustedFolders.json entry makes it count). IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import { GEMINI_APPROVAL_MODES, type GeminiApprovalMode } from "../../profiles/gemini-cli/gemini-turn.js";
import { dirnameOf, joinPath } from "../paths.js";

type Json = { [key: string]: unknown };

export interface GeminiSettings {
  fileNames: string[];
  model?: string;
  approvalMode?: GeminiApprovalMode;
  /** Whether the cwd's own settings file counts. */
  workspaceTrusted: boolean;
}

export function readGeminiJson(host: Host, path: string): Json | undefined {
  const r = host.readBytes(path);
  if (!r.ok) return undefined;
  try {
    const v: unknown = JSON.parse(new TextDecoder().decode(r.value.bytes));
    return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined;
  } catch {
    return undefined;
  }
}

const section = (o: Json | undefined, key: string): Json => {
  const v = o?.[key];
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
};

const isInside = (path: string, dir: string) => path === dir || path.startsWith(dir === "/" ? "/" : `${dir}/`);

/**
 * Gemini CLI's folder trust for `cwd`: the environment first (GEMINI_CLI_TRUST_WORKSPACE, GEMINI_RESTRICTED_MODE),
 * trust checks switched off in the user settings, else the longest matching ~/.gemini/trustedFolders.json rule
 * (TRUST_FOLDER: that folder and below; TRUST_PARENT: its parent and below; DO_NOT_TRUST).
 */
export function isGeminiWorkspaceTrusted(host: Host, home: string, cwd: string, user: Json | undefined): boolean {
  if (host.env("GEMINI_RESTRICTED_MODE") === "true" || host.env("GEMINI_CLI_TRUST_WORKSPACE") === "false") return false;
  if (host.env("GEMINI_CLI_TRUST_WORKSPACE") === "true") return true;
  if (section(section(user, "security"), "folderTrust").enabled === false) return true;
  const rules = readGeminiJson(
    host,
    host.env("GEMINI_CLI_TRUSTED_FOLDERS_PATH") ?? joinPath(home, ".gemini", "trustedFolders.json"),
  );
  let best: { length: number; trusted: boolean } | undefined;
  for (const [path, level] of Object.entries(rules ?? {})) {
    const dir = level === "TRUST_PARENT" ? dirnameOf(path) : path;
    if (!isInside(cwd, dir) || (best !== undefined && best.length >= dir.length)) continue;
    best = { length: dir.length, trusted: level === "TRUST_FOLDER" || level === "TRUST_PARENT" };
  }
  return best?.trusted ?? false;
}

export function readGeminiSettings(host: Host, home: string, cwd: string, diagnostics: Diagnostic[]): GeminiSettings {
  const userPath = joinPath(home, ".gemini", "settings.json");
  const user = readGeminiJson(host, userPath);
  const workspacePath = joinPath(cwd, ".gemini", "settings.json");
  const workspace = readGeminiJson(host, workspacePath);
  const workspaceTrusted = isGeminiWorkspaceTrusted(host, home, cwd, user);
  if (workspace !== undefined && !workspaceTrusted)
    diagnostics.push(
      diagnostic(
        "gemini/workspace-settings-untrusted",
        "info",
        `${workspacePath} is ignored: Gemini CLI reads a folder's settings only when the folder is trusted (trustedFolders.json or GEMINI_CLI_TRUST_WORKSPACE=true; --skip-trust alone does not)`,
        { file: workspacePath },
      ),
    );
  const layers = workspaceTrusted && workspace !== undefined ? [user, workspace] : [user];
  const pick = (group: string, key: string): unknown =>
    layers.reduce<unknown>((v, layer) => section(layer, group)[key] ?? v, undefined);
  const fileName = pick("context", "fileName");
  const out: GeminiSettings = {
    fileNames:
      typeof fileName === "string"
        ? [fileName]
        : Array.isArray(fileName) && fileName.every((x) => typeof x === "string")
          ? (fileName as string[])
          : ["GEMINI.md"],
    workspaceTrusted,
  };
  const model = pick("model", "name");
  if (typeof model === "string" && model !== "") out.model = model;
  const mode = pick("general", "defaultApprovalMode");
  // Measured: auto_edit and plan from the settings count, yolo does not (only the flag turns it on).
  if (typeof mode === "string" && mode !== "yolo" && (GEMINI_APPROVAL_MODES as readonly string[]).includes(mode))
    out.approvalMode = mode as GeminiApprovalMode;
  else if (mode === "yolo")
    diagnostics.push(
      diagnostic(
        "gemini/settings-yolo-ignored",
        "info",
        `${userPath}: general.defaultApprovalMode yolo is not applied by Gemini CLI; only --approval-mode yolo (or -y) turns it on`,
        { file: userPath },
      ),
    );
  return out;
}
