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

/** Protected folders (.git, .codex) that exist directly inside the real roots. */
export function protectedPaths(roots: readonly string[]): string[] {
  const out: string[] = [];
  for (const root of roots)
    for (const sub of PROTECTED_SUBPATHS) {
      const path = join(root, sub);
      try {
        lstatSync(path);
        out.push(path);
      } catch {
        // absent
      }
    }
  return out;
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
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") return { ok: false, reason: `cannot inspect ${current}: ${(err as NodeJS.ErrnoException).code}` };
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
        return { ok: false, reason: `${current} is a dangling symlink (to ${readlinkSync(current)}); refusing to write through it` };
      }
    }
    return { ok: true, path: join(realpathSync(current), ...missing), exists: missing.length === 0 };
  }
}

/** Why a write to this real path is outside the policy, or undefined when it is inside a root and not protected. */
export function writeRefusal(realPath: string, roots: readonly string[]): string | undefined {
  const root = roots.find((r) => isWithin(realPath, r));
  if (root === undefined) return `${realPath} is outside the writable roots (${roots.join(", ") || "none"})`;
  const protectedRoot = roots.flatMap((r) => PROTECTED_SUBPATHS.map((s) => join(r, s))).find((p) => isWithin(realPath, p));
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
