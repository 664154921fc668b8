// A Host on which some folders do not exist (the snapshot folder, which a harness listing the project's files
// would otherwise see change with every snapshot written); everything else goes to the wrapped host. Pure over the
// wrapped host: it adds no IO of its own.
import type { DirEntry, Host, HostResult } from "./host.js";

const enoent = (path: string): HostResult<never> => ({
  ok: false,
  error: { code: "ENOENT", message: `no such file or directory: ${path}` },
});

/** `folders`: absolute paths, each with the paths below it hidden; give a folder's realpath too when it differs. */
export function createHidingHost(base: Host, folders: readonly string[]): Host {
  const tops = folders.map((f) => f.replace(/\/+$/, "")).filter((f) => f !== "");
  const hidden = (path: string) => {
    const p = path.replace(/\/+$/, "");
    return tops.some((t) => p === t || p.startsWith(`${t}/`));
  };
  const listing = (read: (path: string) => HostResult<DirEntry[]>) => (path: string) => {
    if (hidden(path)) return enoent(path);
    const r = read(path);
    if (!r.ok) return r;
    const dir = path.replace(/\/+$/, "");
    return { ok: true as const, value: r.value.filter((e) => !hidden(`${dir}/${e.name}`)) };
  };
  const host: Host = {
    ...base,
    readBytes: (path, options) => (hidden(path) ? enoent(path) : base.readBytes(path, options)),
    lstat: (path) => (hidden(path) ? enoent(path) : base.lstat(path)),
    stat: (path) => (hidden(path) ? enoent(path) : base.stat(path)),
    realpath: (path) => (hidden(path) ? enoent(path) : base.realpath(path)),
    readDir: listing((path) => base.readDir(path)),
  };
  if (base.readDirRaw !== undefined) {
    const raw = base.readDirRaw.bind(base);
    host.readDirRaw = listing(raw);
  }
  return host;
}
