// The one-line <filesystem> element of Codex 0.171.0's environment context, per sandbox mode. Pure.
// Layout from Codex 0.171.0 captures (npm run conformance checks it): workspace roots = cwd then configured roots.
import type { PermissionsInfo } from "../model/turn-context.js";

/** Read-only carve-outs inside every writable workspace root, in the order Codex lists them (grouped by name). */
export const PROTECTED_SUBDIRS: readonly string[] = [".git", ".agents", ".codex", ".aws"];

function entry(access: "read" | "write", inner: string): string {
  return `<entry access="${access}">${inner}</entry>`;
}

export function workspaceRoots(cwd: string, permissions: PermissionsInfo): string[] {
  const roots = [cwd];
  if (permissions.sandbox === "workspace-write") {
    for (const r of permissions.configuredWritableRoots) if (!roots.includes(r)) roots.push(r);
  }
  return roots;
}

export function renderFilesystemElement(cwd: string, permissions: PermissionsInfo): string {
  const roots = workspaceRoots(cwd, permissions);
  const rootsXml = `<workspace_roots>${roots.map((r) => `<root>${r}</root>`).join("")}</workspace_roots>`;
  let profile: string;
  switch (permissions.sandbox) {
    case "danger-full-access":
      profile = `<permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile>`;
      break;
    case "read-only":
      profile = `<permission_profile type="managed"><file_system type="restricted">${entry("read", "<special>:root</special>")}</file_system></permission_profile>`;
      break;
    case "workspace-write": {
      const entries = [entry("read", "<special>:root</special>")];
      for (const r of roots) entries.push(entry("write", `<path>${r}</path>`));
      entries.push(entry("write", "<special>:slash_tmp</special>"), entry("write", "<special>:tmpdir</special>"));
      for (const sub of PROTECTED_SUBDIRS)
        for (const r of roots) entries.push(entry("read", `<path>${joinPath(r, sub)}</path>`));
      profile = `<permission_profile type="managed"><file_system type="restricted">${entries.join("")}</file_system></permission_profile>`;
      break;
    }
    default: {
      const never: never = permissions.sandbox;
      throw new Error(`unknown sandbox mode ${String(never)}`);
    }
  }
  return `<filesystem>${rootsXml}${profile}</filesystem>`;
}

function joinPath(dir: string, name: string): string {
  return dir.endsWith("/") ? dir + name : `${dir}/${name}`;
}
