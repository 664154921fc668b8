// The environment-context item appended when the environment changed between turns, by the profile's rules. Pure.
// Codex 0.171.0 (captured): cwd+shell together only when that pair changed; date and timezone always; network
// and the <filesystem> element always repeated when present. promptc: only what changed, plus date and timezone.
import { canonicalJson } from "../compile/canonical-json.js";
import { renderEnvironmentContext, type EnvironmentRender } from "../fragments/environment-context.js";
import type { EnvironmentDiffRules } from "../profiles/profile.js";
import type { ReferenceContext } from "./reference-context.js";

/** The profile's rules for which fields an environment diff carries (profiles/profile.ts). */
export type EnvironmentDiffPolicy = EnvironmentDiffRules;

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Which environment fields differ (shell included: 0.171.0 compares the cwd+shell pair). */
export function changedEnvironmentFields(prev: ReferenceContext, cur: ReferenceContext): string[] {
  const fields: (keyof ReferenceContext)[] = ["cwd", "shell", "currentDate", "timezone", "network", "filesystem"];
  return fields.filter((f) => !same(prev[f], cur[f]));
}

/** The `<environment_context>` diff text, or undefined when nothing the model sees changed. */
export function renderEnvironmentDiff(
  prev: ReferenceContext,
  cur: ReferenceContext,
  policy: EnvironmentDiffPolicy,
): string | undefined {
  const changed = new Set(changedEnvironmentFields(prev, cur));
  if (changed.size === 0) return undefined;
  const render: EnvironmentRender = {};
  switch (policy.cwdAndShell) {
    case "together":
      if (changed.has("cwd") || changed.has("shell")) {
        render.cwd = cur.cwd;
        render.shell = cur.shell;
      }
      break;
    case "each":
      if (changed.has("cwd")) render.cwd = cur.cwd;
      if (changed.has("shell")) render.shell = cur.shell;
      break;
    default: {
      const never: never = policy.cwdAndShell;
      throw new Error(`unknown cwd/shell rule ${String(never)}`);
    }
  }
  const always = policy.networkAndFilesystem === "always";
  if ((always || changed.has("network")) && cur.network) render.network = cur.network;
  if ((always || changed.has("filesystem")) && cur.filesystem !== undefined) render.filesystem = cur.filesystem;
  if (cur.currentDate !== undefined) render.currentDate = cur.currentDate;
  if (cur.timezone !== undefined) render.timezone = cur.timezone;
  return renderEnvironmentContext(render);
}
