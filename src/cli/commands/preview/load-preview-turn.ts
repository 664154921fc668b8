// Turns preview's flags into a TurnContext and the profile's prose, through the Node host. Does IO.
import { resolve } from "node:path";
import { loadProse } from "../../../discover/load-prose.js";
import { loadTurnContext, type LoadTurnContextOptions } from "../../../discover/load-turn-context.js";
import type { ProseSet } from "../../../fragments/prose-set.js";
import type { Host } from "../../../host/host.js";
import { createNodeHost } from "../../../host/node-host.js";
import type { Diagnostic } from "../../../model/diagnostic.js";
import type { ApprovalPolicy, SandboxMode, TurnContext } from "../../../model/turn-context.js";
import { getProfile, isProfileId, type Profile } from "../../../profiles/index.js";
import type { CliIO } from "../../io.js";
import { cannotRead } from "../../../model/file-error.js";
import type { PreviewOptions } from "./preview-options.js";

const SANDBOX_MODES: readonly SandboxMode[] = ["read-only", "workspace-write", "danger-full-access"];
const APPROVAL_POLICIES: readonly ApprovalPolicy[] = ["untrusted", "on-failure", "on-request", "never"];

export interface PreviewTurn {
  host: Host;
  ctx: TurnContext;
  profile: Profile;
  prose: ProseSet;
  diagnostics: Diagnostic[];
}

/** A one-line reason for the first error, naming its file unless the message already does. */
export function errorLine(d: Diagnostic): string {
  return `${d.file && !d.message.includes(d.file) ? `${d.file}: ` : ""}${d.message}`;
}

/** The turn to preview, or a one-line usage/config error. */
export function loadPreviewTurn(options: PreviewOptions, io: CliIO, defaults: { cwd?: string } = {}): PreviewTurn | { error: string } {
  if (!isProfileId(options.profile)) return { error: `unknown profile '${options.profile}' (expected codex or promptc)` };
  if (options.sandbox !== undefined && !SANDBOX_MODES.includes(options.sandbox as SandboxMode)) {
    return { error: `unknown sandbox mode '${options.sandbox}' (expected ${SANDBOX_MODES.join(", ")})` };
  }
  if (options.approval !== undefined && !APPROVAL_POLICIES.includes(options.approval as ApprovalPolicy)) {
    return { error: `unknown approval policy '${options.approval}' (expected ${APPROVAL_POLICIES.join(", ")})` };
  }
  const profile = getProfile(options.profile);
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  // A CODEX_HOME the user names must exist (a typo would otherwise silently mean "no config, no global docs").
  if (options.codexHome !== undefined) {
    const st = host.stat(resolve(io.cwd, options.codexHome));
    if (!st.ok) return { error: cannotRead(options.codexHome, st.error) };
    if (st.value.kind !== "directory") return { error: `--codex-home ${options.codexHome} is not a directory` };
  }
  const load: LoadTurnContextOptions = { decode: profile.discovery.lossyUtf8Cut ? "lossy" : "char-boundary", message: options.message ?? "" };
  const cwd = options.cwd ?? defaults.cwd;
  if (cwd !== undefined) load.cwd = cwd;
  if (options.codexHome !== undefined) load.codexHome = options.codexHome;
  if (options.config !== undefined) load.configFile = options.config;
  if (options.configProfile !== undefined) load.configProfile = options.configProfile;
  if (options.model !== undefined) load.model = options.model;
  if (options.sandbox !== undefined) load.sandbox = options.sandbox as SandboxMode;
  if (options.approval !== undefined) load.approval = options.approval as ApprovalPolicy;
  if (options.sessionId !== undefined) load.sessionId = options.sessionId;
  if (options.date !== undefined) load.date = options.date;
  if (options.timezone !== undefined) load.timezone = options.timezone;
  if (options.shell !== undefined) load.shell = options.shell;
  if (options.image !== undefined) load.images = options.image;

  const loaded = loadTurnContext(host, load);
  const error = loaded.diagnostics.find((d) => d.severity === "error");
  if (!loaded.value || error) return { error: error ? errorLine(error) : "cannot build the turn" };
  const prose = loadProse(host, profile.id, {
    ...(options.proseDir !== undefined ? { proseDir: options.proseDir } : {}),
    ...(options.baseInstructions !== undefined ? { baseInstructionsFile: options.baseInstructions } : {}),
  });
  const proseError = prose.diagnostics.find((d) => d.severity === "error");
  if (proseError) return { error: errorLine(proseError) };
  return { host, ctx: loaded.value, profile, prose: prose.value, diagnostics: [...loaded.diagnostics, ...prose.diagnostics] };
}

export { SANDBOX_MODES, APPROVAL_POLICIES };
