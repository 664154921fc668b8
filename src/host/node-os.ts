// node:os on first use, and the home folder without it: loading node:os compiles and runs its whole module
// (~8 KB of Node's source) in every run that names it, and most verbs only need $HOME. Does IO.
import type * as Os from "node:os";

/** node:os, loaded when first asked for (process.getBuiltinModule: Node ≥ 20.16; older Nodes: require). */
export function nodeOs(): typeof Os {
  const get = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  return (get !== undefined ? get("node:os") : require("node:os")) as typeof Os;
}

/**
 * What os.homedir() returns: on POSIX libuv's uv_os_homedir answers $HOME whenever it is set (even to ""), and
 * only then the passwd entry, so a set HOME is read here without node:os.
 */
export function homeDirectory(): string {
  const home = process.platform === "win32" ? undefined : process.env["HOME"];
  return home !== undefined ? home : nodeOs().homedir();
}
