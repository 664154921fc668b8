// The <environment_context> fragment: Codex's 2-space XML-ish layout, values not escaped. Pure.
import type { EnvironmentInfo, PermissionsInfo } from "../model/turn-context.js";
import type { RenderedFragment } from "./fragment.js";
import { renderFilesystemElement } from "./filesystem-element.js";

export const ENVIRONMENT_CONTEXT_OPEN_TAG = "<environment_context>";
export const ENVIRONMENT_CONTEXT_CLOSE_TAG = "</environment_context>";

export type EnvironmentRender = Omit<EnvironmentInfo, "cwd" | "shell"> & {
  /** Left out of diffs whose cwd+shell pair did not change (0.171.0 sends the pair together or not at all). */
  cwd?: string;
  shell?: string;
  /** The one-line `<filesystem>` element (0.171.0), already rendered. */
  filesystem?: string;
};

export function renderEnvironmentContext(env: EnvironmentRender): string {
  const lines: string[] = [];
  if (env.cwd !== undefined) lines.push(`  <cwd>${env.cwd}</cwd>`);
  if (env.shell !== undefined) lines.push(`  <shell>${env.shell}</shell>`);
  if (env.currentDate !== undefined) lines.push(`  <current_date>${env.currentDate}</current_date>`);
  if (env.timezone !== undefined) lines.push(`  <timezone>${env.timezone}</timezone>`);
  if (env.network) {
    lines.push(`  <network enabled="true">`);
    for (const d of env.network.allowedDomains) lines.push(`    <allowed>${d}</allowed>`);
    for (const d of env.network.deniedDomains) lines.push(`    <denied>${d}</denied>`);
    lines.push(`  </network>`);
  }
  if (env.subagents !== undefined && env.subagents !== "") {
    lines.push(`  <subagents>`);
    for (const l of env.subagents.split("\n")) lines.push(`    ${l}`);
    lines.push(`  </subagents>`);
  }
  // 0.171.0 adds the filesystem element; its place relative to network/subagents is not observed yet (last here).
  if (env.filesystem !== undefined) lines.push(`  ${env.filesystem}`);
  return `${ENVIRONMENT_CONTEXT_OPEN_TAG}\n${lines.join("\n")}\n${ENVIRONMENT_CONTEXT_CLOSE_TAG}`;
}

export interface EnvironmentFragmentOptions {
  /** Render the 0.171.0 `<filesystem>` element (codex profile: yes). */
  filesystem: boolean;
}

export function buildEnvironmentFragment(
  env: EnvironmentInfo,
  permissions: PermissionsInfo,
  options: EnvironmentFragmentOptions,
): RenderedFragment {
  const render: EnvironmentRender = { ...env };
  if (options.filesystem) render.filesystem = renderFilesystemElement(env.cwd, permissions);
  return {
    id: "environment-context",
    layer: "environment",
    text: renderEnvironmentContext(render),
    sources: [],
    templates: [],
    prose: "data",
    diagnostics: [],
  };
}
