// Everything the tools of one `promptc run` need to hold the sandbox: the policy, how it is enforced (bubblewrap,
// or only known-safe commands when bubblewrap cannot start), the tools' environment and the secret redactor; does IO.
import type { ShellEnvironmentPolicy } from "../../../model/shell-environment-policy.js";
import { DEFAULT_SHELL_ENVIRONMENT_POLICY } from "../../../model/shell-environment-policy.js";
import { buildToolEnvironment } from "../../sandbox/build-tool-environment.js";
import { createSecretRedactor, type SecretRedactor } from "../../sandbox/create-secret-redactor.js";
import type { SandboxPolicy } from "../../sandbox/sandbox-policy.js";
import { probeBubblewrap } from "./probe-bubblewrap.js";

export type SandboxEnforcement =
  /** Every shell command runs under bubblewrap. */
  | { type: "bubblewrap"; path: string }
  /** Bubblewrap is missing or cannot start: only known-safe commands run (and what a person approves). */
  | { type: "known-safe-only"; reason: string }
  /** danger-full-access: nothing is confined. */
  | { type: "none" };

export interface ToolSandbox {
  policy: SandboxPolicy;
  enforcement: SandboxEnforcement;
  /** The environment every tool child gets (after `[shell_environment_policy]`). */
  env: { [name: string]: string };
  redactor: SecretRedactor;
  /** danger-full-access only: processes a command leaves behind keep running after it exits. */
  keepBackground: boolean;
}

export interface CreateToolSandboxOptions {
  policy: SandboxPolicy;
  /** promptc's own environment (the CLI's io.env). */
  parentEnv: { readonly [name: string]: string | undefined };
  environmentPolicy?: ShellEnvironmentPolicy;
  /** More secrets to redact by name (the provider's API key variable). */
  secretNames?: readonly string[];
  /** A bwrap to use instead of the system's (`PROMPTC_BWRAP`; a missing path tests the fallback). */
  bubblewrap?: string;
  keepBackground?: boolean;
}

export function createToolSandbox(options: CreateToolSandboxOptions): ToolSandbox {
  const environment = buildToolEnvironment(
    options.parentEnv,
    options.environmentPolicy ?? DEFAULT_SHELL_ENVIRONMENT_POLICY,
  );
  const secrets: { [name: string]: string | undefined } = {};
  for (const name of [...environment.excluded, ...(options.secretNames ?? [])])
    if (environment.env[name] === undefined || options.secretNames?.includes(name))
      secrets[name] = options.parentEnv[name];
  let enforcement: SandboxEnforcement;
  if (options.policy.mode === "danger-full-access") enforcement = { type: "none" };
  else {
    const probe = probeBubblewrap(options.bubblewrap);
    enforcement = probe.ok
      ? { type: "bubblewrap", path: probe.path }
      : { type: "known-safe-only", reason: probe.reason };
  }
  return {
    policy: options.policy,
    enforcement,
    env: environment.env,
    redactor: createSecretRedactor(secrets),
    keepBackground: options.policy.mode === "danger-full-access" && options.keepBackground === true,
  };
}

/** The one line `run` prints when the sandbox is weaker than asked (undefined when it holds as asked). */
export function sandboxNotice(sandbox: ToolSandbox): string | undefined {
  if (sandbox.enforcement.type !== "known-safe-only") return undefined;
  return `warning: ${sandbox.enforcement.reason}; the ${sandbox.policy.mode} sandbox cannot be enforced, so only known read-only commands run`;
}
