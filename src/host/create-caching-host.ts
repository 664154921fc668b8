// A Host that remembers what it has seen: lstat, stat, readDir, realpath and reads are made once per path.
// For work that asks about the same ancestors again and again (each file of a deep tree walks its whole chain).
// No IO of its own; it is as pure as the Host it wraps. Only for one short run: the disk may change meanwhile.
import type { DirEntry, FileStat, Host, HostResult, ReadBytesValue } from "./host.js";
import { isNormalAbsolute } from "./is-normal-absolute.js";
import { utf8Length } from "../tokens/approx.js";

const cachingHosts = new WeakSet<Host>();

/** Whether `host` answers every question the same for its whole life, so answers derived from it may be kept too. */
export function isCachingHost(host: Host): boolean {
  return cachingHosts.has(host);
}

/** Linux's PATH_MAX: bytes of a path with its terminating NUL. */
const PATH_MAX = 4096;

/** Whether `path` in UTF-8 takes PATH_MAX bytes or more (a UTF-16 unit is at most 3 bytes: counted only then). */
const mayReachPathMax = (path: string): boolean => path.length * 3 >= PATH_MAX - 1 && utf8Length(path) >= PATH_MAX - 1;

export function createCachingHost(host: Host): Host {
  const lstats = new Map<string, HostResult<FileStat>>();
  const stats = new Map<string, HostResult<FileStat>>();
  const dirs = new Map<string, HostResult<DirEntry[]>>();
  const rawDirs = new Map<string, HostResult<DirEntry[]>>();
  const real = new Map<string, HostResult<string>>();
  // By limit, then path: a key made of both would be a new string, hashed anew, on every read.
  const reads = new Map<number | undefined, Map<string, HostResult<ReadBytesValue>>>();
  const memo = <T>(cache: Map<string, T>, key: string, make: () => T): T => {
    let v = cache.get(key);
    if (v === undefined) {
      v = make();
      cache.set(key, v);
    }
    return v;
  };
  // realpath(3) looks up every folder of a path again, and a deep tree's launches ask about every folder's files
  // (a path 400 folders deep took 6 ms, its lstat 0.04 ms): a name that is no link costs one lstat.
  const realpathOf = (path: string): HostResult<string> => {
    if (host.realpathKeepsNames !== true || path === "/" || !isNormalAbsolute(path)) return host.realpath(path);
    const st = caching.lstat(path);
    if (!st.ok || st.value.kind === "symlink") return host.realpath(path);
    const cut = path.lastIndexOf("/");
    const folder = caching.realpath(cut === 0 ? "/" : path.slice(0, cut));
    if (!folder.ok) return host.realpath(path);
    const real = `${folder.value === "/" ? "" : folder.value}${path.slice(cut)}`;
    // realpath(3) refuses an answer as long as PATH_MAX (ENAMETOOLONG): the host says so itself.
    return mayReachPathMax(real) ? host.realpath(path) : { ok: true, value: real };
  };
  const caching: Host = {
    ...host,
    lstat: (path) => memo(lstats, path, () => host.lstat(path)),
    stat: (path) => memo(stats, path, () => host.stat(path)),
    readDir: (path) => memo(dirs, path, () => host.readDir(path)),
    // Claude Code's rules folders are listed in the file system's order, once per folder too.
    ...(host.readDirRaw !== undefined
      ? { readDirRaw: (path: string) => memo(rawDirs, path, () => (host.readDirRaw as Host["readDir"])(path)) }
      : {}),
    realpath: (path) => memo(real, path, () => realpathOf(path)),
    readBytes: (path, options) => {
      let byPath = reads.get(options?.maxBytes);
      if (byPath === undefined) {
        byPath = new Map();
        reads.set(options?.maxBytes, byPath);
      }
      return memo(byPath, path, () => host.readBytes(path, options));
    },
    cwd: () => host.cwd(),
    env: (name) => host.env(name),
    home: () => host.home(),
    loginShell: () => host.loginShell(),
    clock: () => host.clock(),
  };
  cachingHosts.add(caching);
  return caching;
}
