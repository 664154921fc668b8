// Finds the Codex CLI a user would run (`codex` on PATH, or $CODEX_BIN) and its version from the npm package
// it belongs to, without starting it. IO through the Host only.
import type { Host } from "../host/host.js";

export interface InstalledCodex {
  bin: string;
  /** From the `@openai/codex` package.json beside the launcher; undefined for a binary of unknown origin. */
  version?: string;
}

function parent(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

function packageVersion(host: Host, bin: string): string | undefined {
  const real = host.realpath(bin);
  if (!real.ok) return undefined;
  // npm layout: <pkg>/bin/codex.js ← node_modules/.bin/codex
  let dir = parent(real.value);
  for (let i = 0; i < 3; i++) {
    const r = host.readBytes(`${dir}/package.json`, { maxBytes: 64 * 1024 });
    if (r.ok) {
      try {
        const pkg = JSON.parse(new TextDecoder().decode(r.value.bytes)) as { name?: unknown; version?: unknown };
        if (pkg.name === "@openai/codex" && typeof pkg.version === "string") return pkg.version;
      } catch {
        // not a package.json we can read; keep looking up
      }
    }
    dir = parent(dir);
  }
  return undefined;
}

/** `$CODEX_BIN`, else the first `codex` on PATH that is a file; undefined when there is none. */
export function findInstalledCodex(host: Host): InstalledCodex | undefined {
  const candidates: string[] = [];
  const fromEnv = host.env("CODEX_BIN");
  if (fromEnv) candidates.push(fromEnv);
  for (const dir of (host.env("PATH") ?? "").split(":"))
    if (dir !== "") candidates.push(`${dir.replace(/\/+$/, "")}/codex`);
  for (const bin of candidates) {
    const st = host.stat(bin);
    if (!st.ok || st.value.kind !== "file") continue;
    const version = packageVersion(host, bin);
    return version !== undefined ? { bin, version } : { bin };
  }
  return undefined;
}
