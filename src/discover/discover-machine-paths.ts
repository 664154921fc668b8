// The machine paths a committed snapshot must not hold (model/portable-paths.ts): the checkout (the nearest
// ancestor of `base` holding `.git`, else `base`), the home, CODEX_HOME and $TMPDIR. IO through the Host only.
import type { Host } from "../host/host.js";
import type { MachinePaths } from "../model/portable-paths.js";
import { findProjectRoot } from "./find-project-root.js";
import { joinPath, resolvePath } from "./paths.js";

/** Each path as given and as its realpath (a checkout under a symlinked /tmp is read at its real path). */
function spelledBothWays(host: Host, path: string | undefined): string[] {
  if (path === undefined || path === "") return [];
  const real = host.realpath(path);
  return real.ok && real.value !== path ? [path, real.value] : [path];
}

export function discoverMachinePaths(host: Host, base: string): MachinePaths {
  const home = host.home();
  const envCodexHome = host.env("CODEX_HOME");
  // Codex's own default when CODEX_HOME is unset, so a snapshot reads `<codexHome>` on both kinds of machine.
  const codexHome = envCodexHome ? resolvePath(base, envCodexHome, home) : home ? joinPath(home, ".codex") : undefined;
  const tmp = host.env("TMPDIR");
  return {
    rootDir: spelledBothWays(host, findProjectRoot(host, base, [".git"]).root ?? base),
    codexHome: spelledBothWays(host, codexHome),
    homeDir: spelledBothWays(host, home),
    // `/tmp` is the same path on every machine (Codex names it as a writable root): only another $TMPDIR moves.
    tmpDir: spelledBothWays(host, tmp).filter((p) => p.replace(/\/+$/, "") !== "/tmp"),
  };
}
