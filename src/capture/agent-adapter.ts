// How promptc capture points one agent CLI at the loopback server: data describing arguments and environment,
// and the pure function that turns it into a concrete invocation. Pure.

/** Wire formats the capture server can answer. */
export type WireDialect = "responses" | "anthropic-messages" | "chat-completions" | "gemini";

/**
 * An agent described as data. Strings may hold placeholders: `{baseUrl}` (server URL with the adapter's
 * `basePath`), `{origin}` (`http://127.0.0.1:PORT`), `{dummyKey}`, `{scratch}` (isolated run folder).
 */
export interface AgentAdapter {
  id: string;
  displayName: string;
  dialect: WireDialect;
  /** Executable basenames that select this adapter when `--agent` is not given. */
  executables: string[];
  /** Path prefix the agent appends its endpoints to (`/v1` → `/v1/responses`). */
  basePath: string;
  /** Arguments inserted right after the executable (before any subcommand). */
  args: string[];
  /** Environment added to the child's (overrides the user's values for these keys only). */
  env: { [key: string]: string };
  /** Environment the child gets only where the user has not set the variable (a default they may override). */
  defaultEnv?: { [key: string]: string };
  /** Variables removed from the child's environment: switches that would send the agent to another endpoint
   * (a cloud provider, a real credential) instead of the loopback server. */
  unsetEnv?: string[];
  /** Extra environment with `--isolated`: scratch HOME and config folders. */
  isolatedEnv: { [key: string]: string };
  /** Folders to create under the scratch folder with `--isolated`. */
  isolatedDirs: string[];
  /** Files to write (path → text, placeholders filled) with `--isolated`: config naming the loopback server. */
  isolatedFiles?: { [path: string]: string };
  /** Why this agent can only be captured with `--isolated` (its endpoint lives in a config file we must not edit). */
  requiresIsolation?: string;
  /** npm package the agent ships as (to find its install folder from its executable). */
  packageName?: string;
  /** Context window (tokens) the agent's default model has, for the shares in the view. */
  contextWindow?: number;
  /** promptc profile whose prose `calibrate` can fill from this agent's captures. */
  profile?: string;
  /** Agent version the profile targets; a capture from another version gets a diagnostic. */
  targetVersion?: string;
  /** Extracts the agent's version from a request's user-agent header. */
  versionPattern?: string;
  /** Regular expressions for per-run values inside a body (a session uuid in the prompt, a timestamp in the user
   * message) that `capture --compare` blanks on both sides, as it blanks `prompt_cache_key`. */
  runIdPatterns?: string[];
  /** `capture --compare` compares a Responses body as JSON, key for key, instead of as a parsed Responses request
   * (the agent's body has fields, such as `max_output_tokens`, that promptc's request model does not carry). */
  wireCompare?: boolean;
}

export const DUMMY_API_KEY = "promptc-capture-dummy-key";

/** Keeps a proxy the user has configured from carrying loopback requests (set by every adapter). */
export const LOOPBACK_NO_PROXY = "127.0.0.1,localhost";

export interface InvocationOptions {
  /** `http://127.0.0.1:PORT` of the running capture server. */
  origin: string;
  /** Scratch folder for `--isolated`; undefined = the user's own HOME and config. */
  scratch?: string;
}

export interface AgentInvocation {
  command: string;
  args: string[];
  /** Only the variables to add or override; the caller merges them over its environment. */
  env: { [key: string]: string };
  /** Variables the caller sets only where its environment has none. */
  defaults: { [key: string]: string };
  /** Variables the caller removes from its environment first. */
  unset: string[];
  /** Absolute folders to create before starting (isolated runs). */
  mkdirs: string[];
  /** Files to write before starting (isolated runs): absolute path → text. */
  files: { [path: string]: string };
}

function fill(template: string, vars: { [key: string]: string }): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}

export function buildInvocation(
  adapter: AgentAdapter,
  argv: readonly string[],
  options: InvocationOptions,
): AgentInvocation {
  const [command, ...rest] = argv;
  if (command === undefined) throw new Error("buildInvocation: empty agent command");
  const vars: { [key: string]: string } = {
    origin: options.origin,
    baseUrl: options.origin + adapter.basePath,
    dummyKey: DUMMY_API_KEY,
  };
  if (options.scratch !== undefined) vars.scratch = options.scratch;
  const env: { [key: string]: string } = {};
  for (const [k, v] of Object.entries(adapter.env)) env[k] = fill(v, vars);
  const defaults: { [key: string]: string } = {};
  for (const [k, v] of Object.entries(adapter.defaultEnv ?? {})) defaults[k] = fill(v, vars);
  const mkdirs: string[] = [];
  const files: { [path: string]: string } = {};
  if (options.scratch !== undefined) {
    for (const [k, v] of Object.entries(adapter.isolatedEnv)) env[k] = fill(v, vars);
    for (const d of adapter.isolatedDirs) mkdirs.push(fill(d, vars));
    for (const [path, text] of Object.entries(adapter.isolatedFiles ?? {})) files[fill(path, vars)] = fill(text, vars);
  }
  return {
    command,
    args: [...adapter.args.map((a) => fill(a, vars)), ...rest],
    env,
    defaults,
    unset: [...(adapter.unsetEnv ?? [])],
    mkdirs,
    files,
  };
}

/** The agent's version from a user-agent header such as `codex_exec/0.171.0 (…)`. */
export function agentVersionFrom(adapter: AgentAdapter, userAgent: string | undefined): string | undefined {
  if (userAgent === undefined || adapter.versionPattern === undefined) return undefined;
  return new RegExp(adapter.versionPattern).exec(userAgent)?.[1];
}
