// What the OS sandbox enforces for one turn, from the turn's permissions: the mode, the writable roots (the same
// list the permissions text shows) and the network switch. Pure.
import { writableRoots } from "../../model/writable-roots.js";
import type { PermissionsInfo, SandboxMode } from "../../model/turn-context.js";

export interface SandboxPolicy {
  mode: SandboxMode;
  /** Absolute roots writes may land in under workspace-write (what the model is told); empty otherwise. */
  writableRoots: string[];
  networkAccess: boolean;
}

/**
 * Folders inside a writable root that stay read-only (when they exist), as Codex keeps them: a write there would
 * run code later outside the sandbox (git hooks and config, Codex's own config).
 */
export const PROTECTED_SUBPATHS: readonly string[] = [".git", ".codex"];

export function sandboxPolicyOf(cwd: string, permissions: PermissionsInfo): SandboxPolicy {
  return {
    mode: permissions.sandbox,
    writableRoots: permissions.sandbox === "workspace-write" ? writableRoots(cwd, permissions) : [],
    networkAccess: permissions.networkAccess || permissions.sandbox === "danger-full-access",
  };
}
