// The one vocabulary of sandbox modes and approval policies (Codex's config values): the lists, their types and
// guards. Schemas, CLI choices, lint rules and error texts derive from these. Pure.

/** `sandbox_mode` values, least to most access. */
export const SANDBOX_MODES = ["read-only", "workspace-write", "danger-full-access"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

/** `approval_policy` values, most to least asking. */
export const APPROVAL_POLICIES = ["untrusted", "on-failure", "on-request", "never"] as const;
export type ApprovalPolicy = (typeof APPROVAL_POLICIES)[number];

/**
 * The policies config.toml (and `-c`) may name: Codex 0.171.0 refuses `untrusted` there as no longer supported,
 * though a folder whose trust entry says untrusted still runs under it (see CODEX_TUI_APPROVAL).
 */
export const CONFIG_APPROVAL_POLICIES: readonly ApprovalPolicy[] = APPROVAL_POLICIES.filter((a) => a !== "untrusted");

/** Sandboxes in which commands may write somewhere (the write tools are offered). */
export const WRITABLE_SANDBOX_MODES: readonly SandboxMode[] = SANDBOX_MODES.filter((m) => m !== "read-only");

export function isSandboxMode(value: unknown): value is SandboxMode {
  return typeof value === "string" && (SANDBOX_MODES as readonly string[]).includes(value);
}

export function isApprovalPolicy(value: unknown): value is ApprovalPolicy {
  return typeof value === "string" && (APPROVAL_POLICIES as readonly string[]).includes(value);
}

/** `unknown sandbox mode 'x' (expected read-only, workspace-write, danger-full-access)`: the one error text. */
export function unknownSandboxMode(value: string): string {
  return `unknown sandbox mode '${value}' (expected ${SANDBOX_MODES.join(", ")})`;
}

export function unknownApprovalPolicy(value: string): string {
  return `unknown approval policy '${value}' (expected ${APPROVAL_POLICIES.join(", ")})`;
}
