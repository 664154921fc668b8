// Real-path checks for the file tools: a path is judged by where it really leads (every symlink resolved, dangling
// ones refused), against the same writable roots the shell sandbox binds; does IO.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { PROTECTED_SUBPATHS } from "../../sandbox/sandbox-policy.js";

/** Kernel interfaces of the host: promptc's own /proc/self/environ holds the secrets the tools never get. */
export const HOST_ONLY_ROOTS: readonly string[] = ["/proc", "/sys", "/dev"];

export function isWithin(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

/** Roots as real paths (missing roots are dropped: nothing can be written there anyway). */
export function realRoots(roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const root of roots) {
    try {
      out.push(realpathSync(root));
    } catch {
      // a root that does not exist holds nothing
    }
  }
  return [...new Set(out)];
}

/**
 * Protected folders (.git, .codex) that exist directly inside the real roots, as real paths (a `.git` that is a
 * symlink protects what it leads to), kept when they lead inside a root (outside one they are read-only anyway).
 */
export function protectedPaths(roots: readonly string[]): string[] {
  const out = new Set<string>();
  for (const root of roots)
    for (const sub of PROTECTED_SUBPATHS) {
      try {
        const real = realpathSync(join(root, sub));
        if (roots.some((r) => isWithin(real, r))) out.add(real);
      } catch {
        // absent, or a dangling link: nothing there to protect
      }
    }
  return [...out];
}

function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Socket folders of host services inside /tmp, masked in the sandbox when they exist. */
export const HOST_SOCKET_DIRS: readonly string[] = ["/tmp/.X11-unix", "/tmp/.ICE-unix"];

/** The /run and socket masks for a sandbox whose cwd and roots are these (nothing hidden that the turn works in). */
export function hostServiceMasks(
  cwd: string,
  roots: readonly string[],
): { hideRun?: { resolvConf?: string }; maskedPaths: string[] } {
  // A missing /run cannot be a mount point on the read-only root; a turn working inside /run keeps it.
  const inRun = !isDirectory("/run") || [cwd, ...roots].some((p) => isWithin(p, "/run") || isWithin("/run", p));
  let resolvConf: string | undefined;
  try {
    resolvConf = realpathSync("/etc/resolv.conf");
  } catch {
    resolvConf = undefined;
  }
  const maskedPaths = HOST_SOCKET_DIRS.filter(
    (dir) => isDirectory(dir) && ![cwd, ...roots].some((p) => isWithin(p, dir)),
  );
  return {
    ...(inRun ? {} : { hideRun: resolvConf !== undefined && isWithin(resolvConf, "/run") ? { resolvConf } : {} }),
    maskedPaths,
  };
}

export type RealTarget = { ok: true; path: string; exists: boolean } | { ok: false; reason: string };

/**
 * Where a write to `path` really lands. The deepest existing ancestor is resolved with realpath; the missing rest is
 * appended. A dangling symlink anywhere on the way is refused (writing through it would create its target).
 */
export function resolveRealTarget(path: string): RealTarget {
  const absolute = resolve(path);
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    let stat;
    try {
      stat = lstatSync(current);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT")
        return { ok: false, reason: `cannot inspect ${current}: ${(err as NodeJS.ErrnoException).code}` };
      const parent = dirname(current);
      if (parent === current) return { ok: false, reason: `no existing folder above ${absolute}` };
      missing.unshift(basename(current));
      current = parent;
      continue;
    }
    if (stat.isSymbolicLink()) {
      try {
        const real = realpathSync(current);
        return { ok: true, path: join(real, ...missing), exists: missing.length === 0 };
      } catch {
        return {
          ok: false,
          reason: `${current} is a dangling symlink (to ${readlinkSync(current)}); refusing to write through it`,
        };
      }
    }
    return { ok: true, path: join(realpathSync(current), ...missing), exists: missing.length === 0 };
  }
}

/** Why a write to this real path is outside the policy, or undefined when it is inside a root and not protected. */
export function writeRefusal(realPath: string, roots: readonly string[]): string | undefined {
  const root = roots.find((r) => isWithin(realPath, r));
  if (root === undefined) return `${realPath} is outside the writable roots (${roots.join(", ") || "none"})`;
  const lexical = roots.flatMap((r) => PROTECTED_SUBPATHS.map((s) => join(r, s)));
  const protectedRoot = [...lexical, ...protectedPaths(roots)].find((p) => isWithin(realPath, p));
  if (protectedRoot !== undefined) return `${protectedRoot} stays read-only inside the writable roots`;
  return undefined;
}

/** Why reading this real path is refused: only the host's kernel interfaces are (the sandbox has its own). */
export function readRefusal(realPath: string): string | undefined {
  const root = HOST_ONLY_ROOTS.find((r) => isWithin(realPath, r));
  return root === undefined ? undefined : `${realPath} is under ${root}, which tools cannot read`;
}

/** The real path an open descriptor refers to (Linux), to catch a path swapped for a symlink after the check. */
export function realPathOfDescriptor(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}
