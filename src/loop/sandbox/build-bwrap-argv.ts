// The bubblewrap command line that confines one tool command: the whole file system read-only, the writable roots
// bound writable (minus their protected folders), a private /proc and /dev, no network unless allowed. Pure.
import type { SandboxPolicy } from "./sandbox-policy.js";

export interface BwrapLayout {
  /** Writable roots as real paths that exist (the caller resolves symlinks and drops missing roots). */
  writableRoots: readonly string[];
  /** Existing protected folders or files inside those roots (real paths), bound read-only again. */
  readOnlyPaths: readonly string[];
  cwd: string;
  /**
   * Host services listen on sockets under /run (systemd, D-Bus, Docker) and in /tmp/.X11-unix; a read-only mount
   * does not stop a connect(). When set, /run is replaced by an empty read-only tmpfs (with the real resolv.conf
   * kept when it lives there, for DNS), and each of `maskedPaths` by an empty one.
   */
  hideRun?: { resolvConf?: string };
  maskedPaths?: readonly string[];
}

export function buildBwrapArgv(
  bwrap: string,
  policy: SandboxPolicy,
  layout: BwrapLayout,
  command: readonly string[],
): string[] {
  if (policy.mode === "danger-full-access")
    throw new Error("danger-full-access runs unsandboxed; no bubblewrap command line");
  const argv = [
    bwrap,
    // A new session: the command cannot push keystrokes into promptc's terminal (TIOCSTI).
    "--new-session",
    // bwrap and everything inside die when promptc does.
    "--die-with-parent",
    // Own PID namespace: the command sees only its own processes (not promptc's /proc/<pid>/environ), and when it
    // exits every process it left behind is killed with the namespace.
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    ...(policy.networkAccess ? [] : ["--unshare-net"]),
    // No capabilities, even when promptc runs as root: without this, root inside could remount / read-write.
    "--cap-drop",
    "ALL",
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    // The new /proc still reaches the host kernel's settings (/proc/sys/kernel/core_pattern …): read-only too.
    "--remount-ro",
    "/proc",
  ];
  if (layout.hideRun) {
    argv.push("--tmpfs", "/run");
    if (policy.networkAccess && layout.hideRun.resolvConf !== undefined)
      argv.push("--ro-bind-try", layout.hideRun.resolvConf, layout.hideRun.resolvConf);
    argv.push("--remount-ro", "/run");
  }
  if (policy.mode === "workspace-write") {
    // Parents before children, so a nested root is bound on top of its parent's bind.
    for (const root of [...layout.writableRoots].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1)))
      argv.push("--bind", root, root);
    for (const path of layout.readOnlyPaths) argv.push("--ro-bind", path, path);
  }
  for (const path of layout.maskedPaths ?? []) argv.push("--tmpfs", path, "--remount-ro", path);
  argv.push("--chdir", layout.cwd, "--", ...command);
  return argv;
}

function depth(path: string): number {
  return path.split("/").filter((p) => p !== "").length;
}
