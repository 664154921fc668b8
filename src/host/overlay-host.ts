// A Host that shows extra files under one folder the real host lacks (the system skills Codex installs into a
// CODEX_HOME on first start, taken from a calibration); everything else goes to the wrapped host. Pure over
// the wrapped host: it adds no IO of its own.
import type { DirEntry, FileStat, Host, HostResult } from "./host.js";

export interface OverlayFile {
  /** Relative to the overlay root, `/`-separated, no `..`. */
  path: string;
  text: string;
}

const enoent = (path: string): HostResult<never> => ({
  ok: false,
  error: { code: "ENOENT", message: `no such file: ${path}` },
});

export function createOverlayHost(base: Host, root: string, files: readonly OverlayFile[]): Host {
  const top = root.replace(/\/+$/, "");
  const contents = new Map<string, Uint8Array>();
  const dirs = new Map<string, Map<string, "file" | "directory">>();
  const addEntry = (dir: string, name: string, kind: "file" | "directory") => {
    const m = dirs.get(dir) ?? new Map<string, "file" | "directory">();
    m.set(name, kind);
    dirs.set(dir, m);
  };
  dirs.set(top, new Map());
  for (const f of files) {
    const parts = f.path.split("/").filter((p) => p !== "" && p !== ".");
    if (parts.length === 0 || parts.includes("..")) continue;
    let dir = top;
    for (let i = 0; i < parts.length - 1; i++) {
      addEntry(dir, parts[i]!, "directory");
      dir = `${dir}/${parts[i]}`;
      if (!dirs.has(dir)) dirs.set(dir, new Map());
    }
    addEntry(dir, parts.at(-1)!, "file");
    contents.set(`${dir}/${parts.at(-1)}`, new TextEncoder().encode(f.text));
  }
  const inside = (path: string) => path === top || path.startsWith(`${top}/`);
  const stat = (path: string): HostResult<FileStat> => {
    const bytes = contents.get(path);
    if (bytes) return { ok: true, value: { kind: "file", size: bytes.length } };
    if (dirs.has(path)) return { ok: true, value: { kind: "directory", size: 0 } };
    return enoent(path);
  };
  return {
    ...base,
    readBytes: (path, options) => {
      if (!inside(path)) return base.readBytes(path, options);
      const bytes = contents.get(path);
      if (!bytes)
        return dirs.has(path)
          ? { ok: false, error: { code: "EISDIR", message: `is a directory: ${path}` } }
          : enoent(path);
      const max = options?.maxBytes;
      const cut = max !== undefined && bytes.length > max;
      return { ok: true, value: { bytes: cut ? bytes.slice(0, max) : bytes, size: bytes.length, truncated: cut } };
    },
    stat: (path) => (inside(path) ? stat(path) : base.stat(path)),
    lstat: (path) => (inside(path) ? stat(path) : base.lstat(path)),
    realpath: (path) =>
      inside(path) ? (stat(path).ok ? { ok: true, value: path } : enoent(path)) : base.realpath(path),
    // Its files are their own real paths, whatever links lead to the folder they sit in.
    realpathKeepsNames: false,
    readDir: (path) => {
      if (!inside(path)) return base.readDir(path);
      const m = dirs.get(path);
      if (!m) return enoent(path);
      const entries: DirEntry[] = [...m.entries()].map(([name, kind]) => ({ name, kind }));
      return { ok: true, value: entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
    },
  };
}
