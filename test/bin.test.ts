import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../src/cli/program.js";
import type { CliIO } from "../src/cli/io.js";
import { skipBecause } from "./skip-because.js";

// dist/bin.js is the esbuild bundle (esbuild.config.mjs), built by `npm run build` / `npm ci` (prepare).
// It must behave exactly like the sources: same stdout, stderr and exit code for the same argv.
const ROOT = join(import.meta.dirname, "..");
const BIN = join(ROOT, "dist", "bin.js");
const BASIC = join(ROOT, "fixtures", "workspaces", "basic");
const FIXED = [
  "--codex-home",
  join(BASIC, ".codex-home"),
  "--date",
  "2026-11-29",
  "--timezone",
  "Etc/UTC",
  "--shell",
  "bash",
];
/** Both sides' whole environment: the same PATH (an agent installed on it changes the output), no HOME or cache. */
const ENV = { NO_COLOR: "1", PROMPTC_TOKEN_CACHE: "off", PATH: process.env.PATH ?? "/usr/bin:/bin" };

async function inProcess(argv: string[], stdin = ""): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    isTTY: false,
    // The bundle's environment: a codex on PATH (or a calibration in the user's cache) changes both alike.
    env: { ...process.env, ...ENV },
    cwd: ROOT,
    readStdin: async () => stdin,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

function bundled(argv: string[], stdin = ""): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...argv], {
    cwd: ROOT,
    input: stdin,
    encoding: "utf8",
    // Exactly the in-process run's environment: nothing of this machine's reaches one side only.
    env: ENV,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

// A workspace whose skill frontmatter only the yaml package parses (quotes, a block scalar, a list): in the
// bundle, yaml is inlined in the verb's CommonJS file (esbuild.config.mjs).
const YAML_WS = mkdtempSync(join(tmpdir(), "promptc-bin-yaml-"));
afterAll(() => rmSync(YAML_WS, { recursive: true, force: true }));
mkdirSync(join(YAML_WS, ".git"));
mkdirSync(join(YAML_WS, ".codex-home"));
for (const [name, front] of [
  ["quoted", "name: \"quoted\"\ndescription: 'Has: a colon'"],
  ["block", "name: block\ndescription: >\n  Folded\n  text\nmetadata:\n  tags: [a, b]"],
  ["broken", "name: [unclosed\ndescription: x"],
]) {
  mkdirSync(join(YAML_WS, ".agents", "skills", name as string), { recursive: true });
  writeFileSync(join(YAML_WS, ".agents", "skills", name as string, "SKILL.md"), `---\n${front}\n---\nbody\n`);
}

// Prose of one's own: a template that is not precompiled (the bundle loads the Handlebars compiler for it),
// a broken one, and a tools.yaml.
const PROSE = join(YAML_WS, "prose");
mkdirSync(PROSE);
writeFileSync(join(PROSE, "base-instructions.hbs"), "Own base prose.{{#if true}} Rendered by the compiler.{{/if}}\n");
writeFileSync(join(PROSE, "skills-preamble.hbs"), "Broken {{#if}}\n");

const CASES: [string, string[], string?][] = [
  ["preview with prose templates of one's own", ["preview", "-C", BASIC, "--prose-dir", PROSE, ...FIXED]],
  ["lint of templates (Handlebars parse)", ["lint", "--no-ignore", join(ROOT, "templates")]],
  [
    "preview with frontmatter for the yaml package",
    [
      "preview",
      "-C",
      YAML_WS,
      "--codex-home",
      join(YAML_WS, ".codex-home"),
      "--date",
      "2026-11-29",
      "--timezone",
      "Etc/UTC",
      "--shell",
      "bash",
      "--no-text",
    ],
  ],
  ["lint (yaml documents and nodes)", ["lint", "--no-ignore", join(ROOT, "fixtures", "lint", "workspaces")]],
  ["snapshot (scenario YAML with line counting)", ["snapshot"]],
  // fast-glob, ajv and Handlebars' compiler are chunks of their own in the build, loaded on first use.
  ["lint of a brace pattern (fast-glob)", ["lint", "--no-ignore", "fixtures/lint/workspaces/*/{AGENTS,CLAUDE}.md"]],
  ["preview (report)", ["preview", "-C", join(BASIC, "packages", "api"), "-m", "use $release-notes please", ...FIXED]],
  ["preview --json", ["preview", "-C", BASIC, "--json", "--profile", "codex", ...FIXED]],
  ["tokens o200k_base", ["tokens", "-"], "Hello, world! <|endoftext|> héllo 👋\n".repeat(50)],
  [
    "tokens cl100k_base",
    ["tokens", "-", "--encoding", "cl100k_base"],
    "Hello, world! <|endoftext|> héllo 👋\n".repeat(50),
  ],
  [
    "compact (templates found next to dist/)",
    ["compact", join(ROOT, "fixtures", "transcripts", "legacy-compaction.jsonl")],
  ],
  ["a usage error", ["preview", "--sandbox", "nope"]],
  ["--version (bin.js alone)", ["--version"]],
  ["--help (the listing bundle)", ["--help"]],
  ["help of one verb", ["help", "tokens"]],
  ["an unknown verb, with a suggestion", ["previw"]],
];

/** Newest modification time of the files under `dir`. */
function newestMtimeMs(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestMtimeMs(full) : statSync(full).mtimeMs);
  }, 0);
}

// A bundle older than the sources is not what they would build: skip (run `npm run build`) rather than report
// differences nobody made. CI builds in `npm ci` (prepare), so there it always runs.
const FRESH =
  existsSync(BIN) &&
  statSync(BIN).mtimeMs >= Math.max(newestMtimeMs(join(ROOT, "src")), newestMtimeMs(join(ROOT, "templates")));

/** The code cache folder's marks of the variants it was written for. */
/** The code cache files of the verbs and chunks: the run memo's watcher keeps its own (run-watcher-*). */
/** A folder's code caches of verbs and chunks: not the run watcher's or the executable's own (bin-core.cjs). */
const verbCaches = (dir: string): string[] =>
  readdirSync(dir)
    .filter((n) => !n.startsWith("run-watcher-") && !n.startsWith("bin-core-"))
    .sort();
const seenMarks = (dir: string): string[] => verbCaches(dir).filter((n) => n.endsWith(".seen"));

describe.skipIf(
  skipBecause(
    "dist/bin.js vs the sources",
    FRESH
      ? undefined
      : existsSync(BIN)
        ? "dist/bin.js is older than src/ or templates/ (run npm run build)"
        : "no dist/bin.js (run npm run build)",
  ),
)("dist/bin.js", () => {
  it.each(CASES)("behaves like the sources for %s", async (_name, argv, stdin) => {
    expect(bundled(argv, stdin)).toEqual(await inProcess(argv, stdin));
  });

  it("keeps a verb's code cache in the user's cache folder, and runs the same with a broken one", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = { ...process.env, ...ENV, XDG_CACHE_HOME: cache };
      const tokens = () => {
        const r = spawnSync(process.execPath, [BIN, "tokens", "-"], { input: "hello", encoding: "utf8", env });
        return [r.status, r.stdout, r.stderr];
      };
      const first = tokens();
      const files = verbCaches(join(cache, "promptc", "compiled"));
      expect(files).toEqual([
        expect.stringMatching(/^tokens-[0-9a-f]{16}-v[\d.]+-\w+\.v8cache$/),
        expect.stringMatching(/^tokens-[0-9a-f]{16}-v[\d.]+-\w+\.v8cache\.default\.seen$/),
      ]);
      expect(tokens()).toEqual(first);
      writeFileSync(join(cache, "promptc", "compiled", files[0] as string), "not a code cache");
      expect(tokens()).toEqual(first);
      // V8 refused it: rewritten.
      expect(statSync(join(cache, "promptc", "compiled", files[0] as string)).size).toBeGreaterThan(100);
      const off = spawnSync(process.execPath, [BIN, "schema", "config"], {
        encoding: "utf8",
        env: { ...env, PROMPTC_COMPILE_CACHE: "off" },
      });
      expect(off.status).toBe(0);
      expect(verbCaches(join(cache, "promptc", "compiled"))).toEqual(files);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("keeps the executable's own code cache, written again after its first replay, and runs the same with a broken one", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = {
        ...process.env,
        ...ENV,
        XDG_CACHE_HOME: cache,
        PROMPTC_RUN_CACHE: "verbose",
        PROMPTC_RUN_CACHE_SETTLE_MS: "0",
      };
      const dir = join(cache, "promptc", "compiled");
      const schema = () => {
        const r = spawnSync(process.execPath, [BIN, "schema", "config"], { cwd: cache, encoding: "utf8", env });
        return [r.status, r.stdout, /replayed/.test(r.stderr)];
      };
      const own = () => readdirSync(dir).filter((n) => n.startsWith("bin-core-"));
      const [status, stdout] = schema();
      expect(status).toBe(0);
      expect(own()).toEqual([
        expect.stringMatching(/^bin-core-[0-9a-f]{16}-v[\d.]+-\w+\.v8cache$/),
        expect.stringMatching(/^bin-core-[0-9a-f]{16}-v[\d.]+-\w+\.v8cache\.run\.seen$/),
      ]);
      const cacheFile = join(dir, own()[0] as string);
      const afterRun = readFileSync(cacheFile);
      expect(schema()).toEqual([0, stdout, true]);
      // The replay reached functions the run did not: the cache holds them too now.
      expect(readFileSync(cacheFile).equals(afterRun)).toBe(false);
      expect(own()).toHaveLength(3);
      writeFileSync(cacheFile, "not a code cache");
      expect(schema()).toEqual([0, stdout, true]);
      expect(statSync(cacheFile).size).toBeGreaterThan(100);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("writes no code cache file through a link out of its folder", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = { ...process.env, ...ENV, XDG_CACHE_HOME: cache };
      const tokens = () => spawnSync(process.execPath, [BIN, "tokens", "-"], { input: "hi", encoding: "utf8", env });
      const first = tokens();
      const dir = join(cache, "promptc", "compiled");
      const seen = readdirSync(dir).find((n) => n.endsWith(".seen")) as string;
      rmSync(join(dir, seen));
      // A dangling link: a write through it would create the file outside.
      const outside = join(cache, "outside");
      symlinkSync(outside, join(dir, seen));
      expect(tokens().stdout).toBe(first.stdout);
      expect(existsSync(outside)).toBe(false);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("loads a package's chunk on first use, with a code cache of its own", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = { ...process.env, ...ENV, XDG_CACHE_HOME: cache };
      const lint = (...paths: string[]) =>
        spawnSync(process.execPath, [BIN, "lint", "--no-ignore", ...paths], { cwd: ROOT, encoding: "utf8", env });
      const chunkCaches = () => readdirSync(join(cache, "promptc", "compiled")).filter((n) => n.startsWith("lazy-"));
      const plain = lint("fixtures/lint/workspaces");
      expect(chunkCaches().filter((n) => n.startsWith("lazy-fast-glob-"))).toEqual([]);
      const first = lint("fixtures/lint/workspaces/*/{AGENTS,CLAUDE}.md");
      expect(chunkCaches()).toContainEqual(expect.stringMatching(/^lazy-fast-glob-[0-9a-f]{16}-v[\d.]+-\w+\.v8cache$/));
      expect([
        lint("fixtures/lint/workspaces/*/{AGENTS,CLAUDE}.md").stdout,
        lint("fixtures/lint/workspaces").stdout,
      ]).toEqual([first.stdout, plain.stdout]);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("writes lint's code cache again on the first run that finds a configuration file, then keeps it", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = { ...process.env, ...ENV, XDG_CACHE_HOME: cache };
      const dir = join(cache, "promptc", "compiled");
      const plain = join(cache, "plain");
      const configured = join(cache, "configured");
      for (const d of [plain, configured]) {
        mkdirSync(d);
        writeFileSync(join(d, "AGENTS.md"), "# Rules\n\nRun the tests.\n");
      }
      writeFileSync(join(configured, "promptc.yaml"), "extends: recommended\n");
      const lint = (cwd: string) =>
        spawnSync(process.execPath, [BIN, "lint", "."], { cwd, encoding: "utf8", env }).status;
      expect(lint(plain)).toBe(0);
      const cacheFile = verbCaches(dir).find((n) => n.endsWith(".v8cache")) as string;
      const written = () => readFileSync(join(dir, cacheFile));
      const first = written();
      expect(lint(configured)).toBe(0);
      const second = written();
      expect(second.equals(first)).toBe(false);
      expect(seenMarks(dir)).toEqual([`${cacheFile}.default.seen`, `${cacheFile}.default_config.seen`]);
      expect([lint(configured), lint(plain)]).toEqual([0, 0]);
      expect(written().equals(second)).toBe(true);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("writes a verb's code cache again on the first run of another profile, then keeps it", () => {
    const cache = mkdtempSync(join(tmpdir(), "promptc-bin-cache-"));
    try {
      const env = { ...process.env, ...ENV, XDG_CACHE_HOME: cache };
      const dir = join(cache, "promptc", "compiled");
      const preview = (...flags: string[]) =>
        spawnSync(process.execPath, [BIN, "preview", ...flags, "-m", "hi"], { cwd: cache, encoding: "utf8", env })
          .status;
      expect(preview()).toBe(0);
      const cacheFile = verbCaches(dir).find((n) => n.endsWith(".v8cache")) as string;
      const written = () => readFileSync(join(dir, cacheFile));
      const first = written();
      expect(preview()).toBe(0);
      expect(written().equals(first)).toBe(true);
      expect(preview("--profile", "codex")).toBe(0);
      const second = written();
      expect(second.equals(first)).toBe(false);
      expect(seenMarks(dir)).toEqual([`${cacheFile}.codex.seen`, `${cacheFile}.default.seen`]);
      expect(preview("--profile=codex")).toBe(0);
      expect(written().equals(second)).toBe(true);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
