// A Host that does not show some folders of the wrapped one (promptc's own scenario and snapshot folders, so a
// scenario's turns do not see the snapshots they are compared with); everything else goes to the wrapped host.
// Pure over the wrapped host: it adds no IO of its own.
import type { Host, HostResult } from "./host.js";

const enoent = (path: string): HostResult<never> => ({
  ok: false,
  error: { code: "ENOENT", message: `no such file: ${path}` },
});

/** `folders` are absolute; a path at or below one of them is not there. */
export function createHidingHost(base: Host, folders: readonly string[]): Host {
  const tops = folders.map((f) => f.replace(/\/+$/, "")).filter((f) => f !== "");
  if (tops.length === 0) return base;
  const hidden = (path: string) => tops.some((t) => path === t || path.startsWith(`${t}/`));
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
