// The turn flags `preview` and `run` share, written once: adds them to a command, checks them at the door (one
// line per problem, exit 2) and turns them into the options discovery takes, so `run` compiles exactly what
// `preview` shows. Pure apart from readTurnMessage (a --message-file or standard input); setup/ sets the turn up.
import type { Command } from "commander";
import type { LoadTurnContextOptions } from "../discover/load-turn-context.js";
import { isValidTimezone } from "../discover/resolve-environment.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import {
  APPROVAL_POLICIES,
  isApprovalPolicy,
  isSandboxMode,
  SANDBOX_MODES,
  unknownApprovalPolicy,
  unknownSandboxMode,
} from "../model/permission-modes.js";
import { isCalendarDate, modelSlugProblem } from "../model/turn-inputs.js";
import { DEFAULT_PROFILE_ID, findProfile, hasEnvelopeLayout, profileIdList, type Profile } from "../profiles/index.js";
import type { BodyTurnInput, TurnInput } from "../setup/index.js";
import { refuseFlags, type FlagReader, type GivenFlag } from "./profile-flags.js";
import type { CliIO } from "./io.js";
import { MESSAGE_FILE_MAX_BYTES, readInputText, readStdinCapped } from "./read-input.js";

/** The shared flags as commander hands them over (the keys are the options' camel-cased long names). */
export interface TurnFlags {
  cwd?: string;
  message?: string;
  /** File (or `-` for standard input) holding the message: argv cannot carry Codex's 1 MiB limit. */
  messageFile?: string;
  image?: string[];
  profile: string;
  codexHome?: string;
  config?: string;
  configProfile?: string;
  model?: string;
  sandbox?: string;
  approval?: string;
  /** A harness's own approval mode (Gemini CLI's `--approval-mode`). */
  approvalMode?: string;
  sessionId?: string;
  date?: string;
  timezone?: string;
  shell?: string;
  baseInstructions?: string;
  proseDir?: string;
  /** `--no-calibration` sets it false: the profile's stand-in prose even when a calibration is cached. */
  calibration?: boolean;
  /** `--tui`: the interactive entry point's approval rules instead of the default one's (codex: `codex exec`). */
  tui?: boolean;
}

/** Every shared flag's key, in help order. */
export const TURN_FLAG_KEYS = [
  "cwd",
  "message",
  "messageFile",
  "image",
  "profile",
  "codexHome",
  "config",
  "configProfile",
  "model",
  "sandbox",
  "approval",
  "tui",
  "approvalMode",
  "sessionId",
  "date",
  "timezone",
  "shell",
  "baseInstructions",
  "proseDir",
] as const satisfies readonly (keyof TurnFlags)[];

/** The shared flags only some profiles read (the rest apply to every profile); see profile-flags.ts. */
export const TURN_FLAG_READERS: { readonly [key in keyof TurnFlags]?: FlagReader } = {
  image: "turn-context discovery",
  codexHome: "turn-context discovery",
  config: "turn-context discovery",
  configProfile: "turn-context discovery",
  sandbox: "turn-context discovery",
  approval: "turn-context discovery",
  tui: "turn-context discovery",
  approvalMode: "approval-mode discovery",
  shell: "turn-context discovery",
  baseInstructions: "turn-context discovery",
  // Its files override the envelope layout's templates (a harness's own prose comes from `calibrate --agent`).
  proseDir: "envelope layout",
};

/** The given flags of `options` that `readers` names, as long names with their reader. */
export function givenFlags(
  options: { readonly [key: string]: unknown },
  readers: { readonly [key: string]: FlagReader | undefined },
): GivenFlag[] {
  return Object.entries(readers).flatMap(([key, reader]) =>
    reader !== undefined && options[key] !== undefined ? [[flagName(key), reader] as const] : [],
  );
}

/** `messageFile` → `--message-file`. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the shared turn flags to `command` (the message argument is the verb's own: `[message...]`). */
export function addTurnFlags(command: Command): Command {
  return command
    .option("-C, --cwd <dir>", "working directory of the turn (default: the current directory)")
    .option("-m, --message <text>", "the user's message (or give it as the argument)")
    .option("--message-file <file>", "read the user's message from a file (- for standard input)")
    .option("-i, --image <path>", "attach an image (repeatable)", collect)
    .option("--profile <name>", `harness profile: ${profileIdList()}`, DEFAULT_PROFILE_ID)
    .option("--codex-home <dir>", "CODEX_HOME (default: $CODEX_HOME or ~/.codex)")
    .option("--config <file>", "config.toml to use instead of $CODEX_HOME/config.toml")
    .option("-p, --config-profile <name>", "NAME.config.toml beside config.toml, layered over it (Codex's --profile)")
    .option("--model <slug>", "model slug (default: config's; codex: else the Codex catalogue's default model)")
    .option("--sandbox <mode>", `sandbox mode (${SANDBOX_MODES.join(", ")})`)
    .option("--approval <policy>", `approval policy (${APPROVAL_POLICIES.join(", ")})`)
    .option(
      "--tui",
      "codex profile: the approval policy the interactive TUI sends (config.toml's, else by trust) instead of `codex exec`'s (always never)",
    )
    .option("--approval-mode <mode>", "gemini-cli: Gemini CLI's approval mode (default, auto_edit, yolo, plan)")
    .option("--session-id <id>", "session id for prompt_cache_key (default: preview a fixed placeholder, run a new id)")
    .option("--date <yyyy-mm-dd>", "current date (default: today in the timezone)")
    .option("--timezone <iana>", "IANA timezone (default: the system's)")
    .option("--shell <name>", "shell name (default: your login shell, as Codex reports it; else $SHELL)")
    .option("--base-instructions <file>", "base instructions file (exact bytes instead of the profile's prose)")
    .option("--prose-dir <dir>", "directory of prose files overriding the profile's templates (and the calibration)")
    .option(
      "--no-calibration",
      "stand-in prose even when `promptc calibrate --agent X` has cached the installed agent's own",
    );
}

/** The message from the argument, -m or --message-file (at most one of them), or a one-line usage error. */
export async function readTurnMessage(
  words: readonly string[],
  flags: TurnFlags,
  io: CliIO,
): Promise<{ message: string | undefined } | { error: string }> {
  const given = [
    words.length > 0 ? "a message argument" : undefined,
    flags.message !== undefined ? "-m" : undefined,
    flags.messageFile !== undefined ? "--message-file" : undefined,
  ].filter((x) => x !== undefined);
  if (given.length > 1) return { error: `give the message once: ${given.join(" and ")} both set it` };
  if (words.length > 0) return { message: words.join(" ") };
  if (flags.messageFile === undefined) return { message: flags.message };
  const path = flags.messageFile;
  // Both reads stop at a cap (`--message-file /dev/zero` used to grow to gigabytes).
  if (path === "-") {
    const read = await readStdinCapped(io, MESSAGE_FILE_MAX_BYTES);
    return read.ok ? { message: read.text } : { error: read.error };
  }
  const read = readInputText(io.cwd, path, MESSAGE_FILE_MAX_BYTES);
  if (!read.ok) return { error: read.error };
  return read.invalidUtf8 ? { error: `${path} is not valid UTF-8` } : { message: read.text };
}

/** What a verb knows before the flags: the logged session's working directory and multi-agent version. */
export interface TurnDefaults {
  cwd?: string;
  sessionMultiAgentVersion?: string;
}

const usage = (message: string, flag: string): Diagnostic =>
  diagnostic("cli/usage", "error", message, { data: { flag } });

/**
 * The flags checked at the door and turned into discovery options; `value` is undefined and the diagnostics
 * hold one-line usage errors (exit 2) when a flag is malformed: an unknown profile, sandbox or approval policy,
 * an empty or malformed model slug, a date that is not a calendar day, an unknown timezone.
 */
export function parseTurnFlags(
  flags: TurnFlags,
  message: string | undefined,
  defaults: TurnDefaults = {},
): Result<TurnInput | undefined> {
  const diagnostics: Diagnostic[] = [];
  const profile = findProfile(flags.profile);
  if (!profile)
    diagnostics.push(usage(`unknown profile '${flags.profile}' (expected ${profileIdList()})`, "--profile"));
  const refused = profile && refuseFlags(profile, givenFlags(flags as {}, TURN_FLAG_READERS));
  if (refused) diagnostics.push(usage(refused, "--profile"));
  if (flags.sandbox !== undefined && !isSandboxMode(flags.sandbox))
    diagnostics.push(usage(unknownSandboxMode(flags.sandbox), "--sandbox"));
  if (flags.approval !== undefined && !isApprovalPolicy(flags.approval))
    diagnostics.push(usage(unknownApprovalPolicy(flags.approval), "--approval"));
  const slug = flags.model === undefined ? undefined : modelSlugProblem(flags.model);
  if (slug !== undefined) diagnostics.push(usage(`--model '${flags.model}' ${slug}`, "--model"));
  if (flags.date !== undefined && !isCalendarDate(flags.date))
    diagnostics.push(usage(`--date '${flags.date}' is not a calendar date (YYYY-MM-DD)`, "--date"));
  if (flags.timezone !== undefined && !isValidTimezone(flags.timezone))
    diagnostics.push(
      usage(`--timezone '${flags.timezone}' is not an IANA timezone (e.g. Europe/Paris, Etc/UTC)`, "--timezone"),
    );
  const modes =
    profile !== undefined && "approvalModes" in profile.discovery ? profile.discovery.approvalModes : undefined;
  if (flags.approvalMode !== undefined && modes !== undefined && !modes.includes(flags.approvalMode))
    diagnostics.push(
      usage(`--approval-mode '${flags.approvalMode}' is not one of ${modes.join(", ")}`, "--approval-mode"),
    );
  if (flags.sessionId === "") diagnostics.push(usage("--session-id is empty", "--session-id"));
  const approvalRules = profile?.discovery.type === "turn-context" ? profile.discovery.approval : undefined;
  if (flags.tui && profile && approvalRules?.interactive === undefined)
    diagnostics.push(usage(`--tui: the ${profile.id} profile has no interactive entry point of its own`, "--tui"));
  if (!profile || diagnostics.length > 0) return { value: undefined, diagnostics };
  if (!hasEnvelopeLayout(profile)) {
    const body: BodyTurnInput = { profile, message: message ?? "" };
    const cwd = flags.cwd ?? defaults.cwd;
    if (cwd !== undefined) body.cwd = cwd;
    if (flags.model !== undefined) body.model = flags.model;
    if (flags.sessionId !== undefined) body.sessionId = flags.sessionId;
    if (flags.date !== undefined) body.date = flags.date;
    if (flags.timezone !== undefined) body.timezone = flags.timezone;
    if (flags.approvalMode !== undefined) body.approvalMode = flags.approvalMode;
    if (flags.calibration === false) body.calibration = false;
    return { value: body, diagnostics };
  }

  const load: LoadTurnContextOptions = { decode: profile.discovery.decode, message: message ?? "" };
  const cwd = flags.cwd ?? defaults.cwd;
  if (cwd !== undefined) load.cwd = cwd;
  if (flags.codexHome !== undefined) load.codexHome = flags.codexHome;
  if (flags.config !== undefined) load.configFile = flags.config;
  if (flags.configProfile !== undefined) load.configProfile = flags.configProfile;
  if (flags.model !== undefined) load.model = flags.model;
  if (flags.sandbox !== undefined && isSandboxMode(flags.sandbox)) load.sandbox = flags.sandbox;
  if (flags.approval !== undefined && isApprovalPolicy(flags.approval)) load.approval = flags.approval;
  if (flags.sessionId !== undefined) load.sessionId = flags.sessionId;
  if (flags.date !== undefined) load.date = flags.date;
  if (flags.timezone !== undefined) load.timezone = flags.timezone;
  if (flags.shell !== undefined) load.shell = flags.shell;
  if (flags.image !== undefined) load.images = flags.image;
  // Read once, in discovery: `~` resolved, strict UTF-8, frozen for the session (as model_instructions_file).
  if (flags.baseInstructions !== undefined) load.baseInstructionsFile = flags.baseInstructions;
  return {
    value: {
      profile,
      load,
      ...(flags.proseDir !== undefined ? { proseDir: flags.proseDir } : {}),
      ...(flags.calibration === false ? { calibration: false } : {}),
      ...(flags.tui ? { interactive: true } : {}),
      describeApproval: true,
      ...(defaults.sessionMultiAgentVersion !== undefined
        ? { sessionMultiAgentVersion: defaults.sessionMultiAgentVersion }
        : {}),
    },
    diagnostics,
  };
}
