// The package as a user installs it: `npm pack` (of the dist/ that `npm ci` or `npm run build` made), then the
// tarball installed into an empty folder with no way to reach a registry (registry at a closed port, --offline:
// every dependency comes from the npm cache that `npm ci` filled, pinned by promptc's own lockfile entries). The
// install must print no warning and run no script; the installed `promptc` must answer --version and preview a
// scratch repository; `promptc` and `promptc/node` must import. In `npm test`: it reuses the built dist/, so it
// costs one pack and one offline install (seconds), and it is the only test of what a user actually gets.
import { execFileSync, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { skipBecause } from "./skip-because.js";

const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "dist", "bin.js");
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
/** Nothing listens here: a registry request fails at once instead of reaching the network. */
const CLOSED_REGISTRY = "http://127.0.0.1:9/";

function newestMtimeMs(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (n, e) => Math.max(n, e.isDirectory() ? newestMtimeMs(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs),
    0,
  );
}
const stale = !existsSync(BIN)
  ? "no dist/ (run npm run build)"
  : statSync(BIN).mtimeMs < newestMtimeMs(join(ROOT, "src"))
    ? "dist/ is older than src/ (run npm run build)"
    : undefined;

const work = mkdtempSync(join(tmpdir(), "promptc-package-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Lock = {
  packages: { [path: string]: { version?: string; dev?: boolean; devOptional?: boolean; [key: string]: unknown } };
};
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  [key: string]: unknown;
};

/**
 * A lockfile holding promptc's own runtime entries, so that `npm install TARBALL` finds every dependency in it
 * (pinned, with its integrity) and takes it from the cache instead of asking a registry for metadata.
 */
function scratchLock(): string {
  const ours = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Lock;
  // Our lockfile leaves out registry URLs; without one npm would ask the registry for the package's metadata. The
  // registry's tarball URL lets it take the tarball from the cache by its integrity instead (npm maps the host).
  const runtime = Object.entries(ours.packages)
    .filter(([path, e]) => path.startsWith("node_modules/") && e.dev !== true && e.devOptional !== true)
    .map(([path, e]) => {
      const name = path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
      const resolved =
        e["resolved"] ?? `https://registry.npmjs.org/${name}/-/${name.split("/").at(-1)}-${e.version}.tgz`;
      return [path, { ...e, resolved }] as const;
    });
  return JSON.stringify(
    {
      name: "promptc-install-check",
      lockfileVersion: 3,
      requires: true,
      packages: { "": { name: "promptc-install-check" }, ...Object.fromEntries(runtime) },
    },
    null,
    2,
  );
}

const npmEnv = {
  ...process.env,
  npm_config_registry: CLOSED_REGISTRY,
  npm_config_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
  npm_config_update_notifier: "false",
};

describe.skipIf(skipBecause("package install check", stale))("the packed package", () => {
  let tarball = "";
  let install: { status: number | null; stdout: string; stderr: string } = { status: null, stdout: "", stderr: "" };
  const project = join(work, "project");

  it("packs without running a script, and holds one copy of each token table and no fixtures or dev scripts", {
    timeout: 120_000,
  }, () => {
    const out = execFileSync(NPM, ["pack", "--ignore-scripts", "--json", "--pack-destination", work], {
      cwd: ROOT,
      encoding: "utf8",
      env: npmEnv,
    });
    const [packed] = JSON.parse(out) as [
      { filename: string; size: number; unpackedSize: number; files: { path: string }[] },
    ];
    tarball = packed.filename;
    // The README states both sizes (in MB, one decimal); they stay within 0.2 MB of the real ones.
    const stated = /is ([\d.]+) MB packed and ([\d.]+) MB unpacked/.exec(readFileSync(join(ROOT, "README.md"), "utf8"));
    const off = (readme: string | undefined, bytes: number) => Math.abs(Number(readme) - bytes / 1e6) < 0.2;
    expect({
      stated: stated?.slice(1, 3),
      packed: packed.size,
      unpacked: packed.unpackedSize,
      true: off(stated?.[1], packed.size) && off(stated?.[2], packed.unpackedSize),
    }).toMatchObject({ true: true });
    const paths = packed.files.map((f) => f.path);
    expect(paths.filter((p) => /tokens\/data\/.*\.(js|tables)$/.test(p)).sort()).toEqual([
      "dist/tokens/data/cl100k_base.js",
      "dist/tokens/data/o200k_base.js",
    ]);
    expect(
      paths.filter(
        (p) => p.startsWith("fixtures/") || p.endsWith(".mjs") || p.startsWith("src/") || p.startsWith("test/"),
      ),
    ).toEqual([]);
    // No script npm would run (or warn about) for a package installed from a tarball.
    const scripts = (pkg.scripts ?? {}) as { [name: string]: string };
    expect(["preinstall", "install", "postinstall", "prepare"].filter((s) => scripts[s] !== undefined)).toEqual([]);
  });

  it("installs from the tarball with no network and no warning", { timeout: 180_000 }, () => {
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({ name: "promptc-install-check", private: true }, null, 2),
    );
    writeFileSync(join(project, "package-lock.json"), scratchLock());
    // As a user installs it (npm reads the tarball's own package.json, so a script in it would be warned about).
    const r = spawnSync(NPM, ["install", "--no-audit", "--no-fund", join(work, tarball)], {
      cwd: project,
      encoding: "utf8",
      env: npmEnv,
    });
    install = { status: r.status, stdout: r.stdout, stderr: r.stderr };
    expect({
      status: install.status,
      warnings: `${install.stdout}\n${install.stderr}`.split("\n").filter((l) => /\b(warn|WARN|error|ERR)/.test(l)),
    }).toEqual({ status: 0, warnings: [] });
  });

  it("runs `promptc --version` and `promptc preview -m hi` in a scratch git repository", () => {
    expect(install.status).toBe(0);
    const bin = join(project, "node_modules", ".bin", "promptc");
    const env = { ...process.env, NO_COLOR: "1", HOME: work, XDG_CACHE_HOME: join(work, "cache") };
    expect(execFileSync(bin, ["--version"], { encoding: "utf8", env }).trim()).toBe(pkg.version);
    const repo = join(work, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(work, "codex-home"));
    writeFileSync(join(repo, "AGENTS.md"), "Run the tests before you finish.\n");
    const r = spawnSync(bin, ["preview", "-m", "hi", "--codex-home", join(work, "codex-home")], {
      cwd: repo,
      encoding: "utf8",
      env,
    });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
    expect(r.stdout).toMatch(/^\d\.0\s+user message\s+user-message\s+1\s+2\s/m);
    expect(r.stdout).toMatch(/← AGENTS\.md 33 B/);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^summary: /);
  });

  it("imports promptc and promptc/node", () => {
    expect(install.status).toBe(0);
    const script =
      'const a = await import("promptc"); const b = await import("promptc/node"); console.log(typeof a.compile, typeof b.loadTurnContext);';
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: project, encoding: "utf8" });
    expect({ stdout: r.stdout.trim(), stderr: r.stderr }).toEqual({ stdout: "function function", stderr: "" });
  });
});
