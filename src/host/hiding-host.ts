// A Host that does not show some folders of the wrapped one (promptc's own scenario and snapshot folders, so a
// scenario's turns do not see the snapshots they are compared with), but for the way to paths it must keep;
// everything else goes to the wrapped host.
// Pure over the wrapped host: it adds no IO of its own.
import type { Host, HostResult } from "./host.js";

const enoent = (path: string): HostResult<never> => ({
  ok: false,
  error: { code: "ENOENT", message: `no such file: ${path}` },
});

const trimmed = (paths: readonly string[]) => paths.map((f) => f.replace(/\/+$/, "")).filter((f) => f !== "");
const atOrBelow = (path: string, top: string) => path === top || path.startsWith(`${top}/`);

/**
 * `folders` are absolute; a path at or below one of them is not there, unless it is at, below or above a `keep`
 * path (a home inside a hidden folder: only the way to it shows). A folder holding one of the `workIn` folders (a
 * turn's working directory: a workspace beside its scenario file) is not hidden at all, since the harness started
 * there sees the project around it (its root marker, the AGENTS.md and skills above the working directory).
 */
export function createHidingHost(
  base: Host,
  folders: readonly string[],
  keep: readonly string[] = [],
  workIn: readonly string[] = [],
): Host {
  const work = trimmed(workIn);
  const tops = trimmed(folders).filter((t) => !work.some((w) => atOrBelow(w, t)));
  if (tops.length === 0) return base;
  const kept = trimmed(keep);
  // Only a kept path inside a hidden folder opens a way through it.
  const hidden = (path: string) =>
    tops.some(
      (t) => atOrBelow(path, t) && !kept.some((k) => atOrBelow(k, t) && (atOrBelow(path, k) || atOrBelow(k, path))),
    );
  const visible = <T>(path: string, r: HostResult<T[]>, name: (e: T) => string): HostResult<T[]> =>
    r.ok ? { ok: true, value: r.value.filter((e) => !hidden(`${path.replace(/\/+$/, "")}/${name(e)}`)) } : r;
  return {
    ...base,
    readBytes: (path, options) => (hidden(path) ? enoent(path) : base.readBytes(path, options)),
    stat: (path) => (hidden(path) ? enoent(path) : base.stat(path)),
    lstat: (path) => (hidden(path) ? enoent(path) : base.lstat(path)),
    realpath: (path) => (hidden(path) ? enoent(path) : base.realpath(path)),
    readDir: (path) => (hidden(path) ? enoent(path) : visible(path, base.readDir(path), (e) => e.name)),
    ...(base.readDirRaw !== undefined
      ? {
          readDirRaw: (path: string) =>
            hidden(path) ? enoent(path) : visible(path, base.readDirRaw!(path), (e) => e.name),
        }
      : {}),
  };
}
