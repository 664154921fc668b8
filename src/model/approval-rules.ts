// How a turn's approval policy follows from the flag, config.toml and the project's trust entry, per entry point
// of a harness (Codex 0.171.0: `codex exec` forces `never`; the interactive TUI honours the config). Pure.
import type { ApprovalPolicy } from "./permission-modes.js";

export interface ApprovalRules {
  /** Who sends the request under these rules (`codex exec`), for the one-line note. */
  entryPoint: string;
  /** config.toml's `approval_policy` (user, `--profile` and trusted project layers) applies. */
  fromConfig: boolean;
  /** The policy when neither a flag nor (when it applies) the config names one. */
  fallback: ApprovalPolicy;
  /** Instead of `fallback` when the working directory's trust entry says `untrusted`. */
  untrustedProject?: ApprovalPolicy;
}

/** promptc's own loop: the config's policy, else `never` (what Codex's mechanics give without a flag). */
export const CONFIG_THEN_NEVER: ApprovalRules = { entryPoint: "promptc run", fromConfig: true, fallback: "never" };

export interface ApprovalInputs {
  flag?: ApprovalPolicy;
  config?: ApprovalPolicy;
  /** The working directory's trust entry (its own, else its project root's). */
  trust?: "trusted" | "untrusted";
}

export type ApprovalSource = "flag" | "config" | "untrusted project" | "default";

export function resolveApproval(
  rules: ApprovalRules,
  inputs: ApprovalInputs,
): { policy: ApprovalPolicy; source: ApprovalSource } {
  if (inputs.flag !== undefined) return { policy: inputs.flag, source: "flag" };
  if (rules.fromConfig && inputs.config !== undefined) return { policy: inputs.config, source: "config" };
  if (inputs.trust === "untrusted" && rules.untrustedProject !== undefined)
    return { policy: rules.untrustedProject, source: "untrusted project" };
  return { policy: rules.fallback, source: "default" };
}

const WHY: { [source in Exclude<ApprovalSource, "flag">]: string } = {
  config: "from config.toml",
  "untrusted project": "the project is marked untrusted",
  default: "its default",
};

/**
 * One line saying which entry point the policy models and what the other one sends, e.g. "approval never, as
 * `codex exec` sends it (config.toml's approval_policy = "on-request" is not applied); the interactive TUI sends
 * on-request (--tui)".
 */
export function describeApproval(
  modelled: ApprovalRules,
  other: { rules: ApprovalRules; how: string },
  inputs: ApprovalInputs,
): string {
  const mine = resolveApproval(modelled, inputs);
  const unflagged = { ...inputs, flag: undefined };
  const theirs = resolveApproval(other.rules, unflagged).policy;
  if (mine.source === "flag")
    return `approval ${mine.policy} from --approval; without it ${modelled.entryPoint} sends ${resolveApproval(modelled, unflagged).policy} and ${other.rules.entryPoint} ${theirs} (${other.how})`;
  const why =
    !modelled.fromConfig && inputs.config !== undefined
      ? `config.toml's approval_policy = "${inputs.config}" is not applied`
      : WHY[mine.source];
  return `approval ${mine.policy}, as ${modelled.entryPoint} sends it (${why}); ${other.rules.entryPoint} sends ${theirs} (${other.how})`;
}
