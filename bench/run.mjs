// `npm run bench`: every start-up figure as a ratio to `node -e 0` (the floor of any Node CLI), measured in this one
// run: whole processes, each command interleaved with the baseline (baseline, command, baseline, …) so a load spike
// on a shared machine hits both sides, medians of the pairs. Then `preview --profile codex` against the native
// Codex executable's `codex debug prompt-input` (wall and peak memory), and lint on four kinds of chains of nested
// folders 100 and 400 deep (linear work keeps their ratio near 4). Each verb is measured replayed from its run memo (a repeat
// of a command line in an unchanged tree: src/cli/run-memo/), after a change (watched for its memo, not replayed:
// what the first run after an edit, or a CI run, costs) and with memos off (PROMPTC_RUN_CACHE=0). Every process runs without the environment's Node start-up settings (bench/node-start-env.mjs). Runs
// after `npm run build`. Prints; never fails on speed.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_ENV, NODE_START_VARIABLES } from "./node-start-env.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const DEEP_RUNS = Number(process.env.BENCH_DEEP_RUNS ?? 5);
// The package's executable, as `promptc` on PATH runs it (PROMPTC_BIN: another build's, to compare).
const BIN = process.env.PROMPTC_BIN ?? join(ROOT, "dist", "bin.cjs");
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Wall seconds (timed here: GNU time's %e has 10 ms steps) and peak RSS in MiB (GNU time's %M), when it is there. */
function measureOnce({ argv, env = {}, cwd, keepStartVariables = false }) {
  const start = performance.now();
  // Output is not read (a 400-file JSON report would overflow spawnSync's buffer).
  const options = {
    env: { ...(keepStartVariables ? process.env : BENCH_ENV), ...env },
    cwd,
    encoding: "utf8",
    stdio: ["ignore", "ignore", "pipe"],
  };
  const r = TIME ? spawnSync(TIME, ["-f", "%M", ...argv], options) : spawnSync(argv[0], argv.slice(1), options);
  const wall = (performance.now() - start) / 1000;
  const rss = TIME ? Number(r.stderr.trim().split("\n").pop()) / 1024 : Number.NaN;
  // Exit 1 is lint's "findings": still a complete run.
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`${argv.join(" ")} failed (${r.status}): ${r.stderr.slice(0, 400)}`);
  return { wall, rss };
}

/** Medians of `runs` rounds of every command in turn (one warm-up round first: file cache, code caches). */
function measureInterleaved(commands, runs = RUNS) {
  for (const c of commands) measureOnce(c);
  const samples = commands.map(() => []);
  for (let i = 0; i < runs; i++) commands.forEach((c, k) => samples[k].push(measureOnce(c)));
  return samples.map((s) => ({ wall: median(s.map((x) => x.wall)), rss: median(s.map((x) => x.rss)) }));
}

/**
 * Whether the command's next run is replayed from its run memo (src/cli/run-memo/), after a run that may store it:
 * "replayed", or the reason PROMPTC_RUN_CACHE=verbose gives.
 */
function memoState(command) {
  const verbose = { ...command, env: { ...command.env, PROMPTC_RUN_CACHE: "verbose" } };
  const said = () => {
    const r = spawnSync(verbose.argv[0], verbose.argv.slice(1), {
      env: { ...BENCH_ENV, ...verbose.env },
      cwd: verbose.cwd,
      encoding: "utf8",
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return /^promptc: (replayed|stored|this run is not stored for replay: )(.*)$/m.exec(r.stderr) ?? [];
  };
  // A run in a new cache folder makes it while it looks at it, and the next one stores: three runs at most.
  let last = "no memo line";
  for (let i = 0; i < 3; i++) {
    const [, what, why] = said();
    if (what === "replayed") return "replayed";
    if (what !== undefined) last = what === "stored" ? "stored each time" : (why ?? what).trim();
  }
  return last;
}

const mib = (m) => (Number.isFinite(m.rss) ? `${m.rss.toFixed(1).padStart(6)} MiB` : "     ? MiB");
function row(name, m, ratios) {
  console.log(`${name.padEnd(56)} ${m.wall.toFixed(3)} s  ${mib(m)}   ${ratios.join(", ")}`);
}

/**
 * The native Codex executable inside its npm package (not the Node wrapper on PATH, whose own start-up would be
 * measured too): CODEX_BIN, else `<@openai/codex>/…/@openai/codex-<platform>-<arch>/vendor/<target>/bin/codex`.
 */
function nativeCodex() {
  if (process.env.CODEX_BIN) return process.env.CODEX_BIN;
  const onPath = (process.env.PATH ?? "")
    .split(delimiter)
    .map((d) => join(d, "codex"))
    .find((p) => existsSync(p));
  if (onPath === undefined) return undefined;
  let pkg = dirname(realpathSync(onPath));
  while (!existsSync(join(pkg, "package.json")) && dirname(pkg) !== pkg) pkg = dirname(pkg);
  const platformPackage = `codex-${process.platform}-${process.arch}`;
  for (const dir of [join(pkg, "node_modules", "@openai", platformPackage), join(dirname(pkg), platformPackage)]) {
    const vendor = join(dir, "vendor");
    if (!existsSync(vendor)) continue;
    for (const target of readdirSync(vendor)) {
      const bin = join(vendor, target, "bin", "codex");
      if (existsSync(bin)) return bin;
    }
  }
  return undefined;
}

/** A small repository: five agent files (lint lints them all), a package.json and a git folder. */
function writeSmallRepository(dir) {
  const files = {
    "AGENTS.md": "# Shop\n\nRun `npm test` before pushing. Keep changes small.\n",
    "CLAUDE.md": "@AGENTS.md\n",
    "packages/api/AGENTS.md": "# API\n\nUse the in-memory database in tests.\n",
    ".agents/skills/release-notes/SKILL.md":
      "---\nname: release-notes\ndescription: Draft release notes from the commits since the last tag.\n---\n\nGroup by package.\n",
    ".github/copilot-instructions.md": "Prefer small, reviewable diffs.\n",
    "package.json": '{ "name": "shop", "scripts": { "test": "node --test" } }\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  mkdirSync(join(dir, ".git"));
}

/**
 * The chains lint is measured on, each `depth` nested folders with an AGENTS.md in each: the issue's (nothing
 * else), every fifth also a CLAUDE.md importing it, every one such a CLAUDE.md (each launch then drops every
 * ancestor's import), and a skill in every folder (every harness lists its ancestors' skills).
 */
const CHAINS = [
  { name: "AGENTS.md only", extra: () => ({}) },
  { name: "CLAUDE.md every 5th", extra: (i) => (i % 5 === 0 ? { "CLAUDE.md": "@AGENTS.md\n" } : {}) },
  { name: "CLAUDE.md in every folder", extra: () => ({ "CLAUDE.md": "@AGENTS.md\n" }) },
  {
    name: "a skill in every folder",
    extra: (i) => ({
      [`.agents/skills/s${i}/SKILL.md`]: `---\nname: s${i}\ndescription: Step ${i} of the release.\n---\n\nStep ${i}.\n`,
    }),
  },
];

function writeChain(dir, depth, chain) {
  mkdirSync(join(dir, ".git"), { recursive: true });
  let p = dir;
  for (let i = 0; i < depth; i++) {
    p = join(p, `d${i}`);
    mkdirSync(p);
    writeFileSync(join(p, "AGENTS.md"), `# Level ${i}\n\nRun the tests before pushing.\n`);
    for (const [rel, text] of Object.entries(chain.extra(i))) {
      mkdirSync(dirname(join(p, rel)), { recursive: true });
      writeFileSync(join(p, rel), text);
    }
  }
}

if (!existsSync(BIN)) {
  console.error("bench: dist/bin.cjs is missing; run `npm run build` first");
  process.exit(2);
}
const scratch = mkdtempSync(join(tmpdir(), "promptc-bench-"));
try {
  // promptc's caches (code, token counts) in a folder of the bench's own, warmed by the first round as a user's are.
  const env = { XDG_CACHE_HOME: join(scratch, "cache") };
  const small = join(scratch, "small");
  writeSmallRepository(small);
  // The same repository as a team that configures lint has it (any promptc.yaml is read and validated).
  const configured = join(scratch, "configured");
  writeSmallRepository(configured);
  writeFileSync(join(configured, "promptc.yaml"), "extends: recommended\nrules:\n  ctx/harness-drops: info\n");
  const baseline = { argv: [process.execPath, "-e", "0"], cwd: small };
  const promptc = (...args) => ({ argv: [process.execPath, BIN, ...args], env, cwd: small });
  console.log(
    `promptc bench: medians of ${RUNS} whole-process runs, each interleaved with the baseline \`node -e 0\` ` +
      `(${process.execPath}, ${process.version}); wall seconds, peak RSS\n`,
  );
  const carried = NODE_START_VARIABLES.filter((k) => process.env[k] !== undefined);
  if (carried.length > 0) {
    const [clean, machine] = measureInterleaved([baseline, { ...baseline, keepStartVariables: true }]);
    console.log(
      `Every run below is without ${carried.join(" and ")} (set in this environment): with it, \`node -e 0\` takes ` +
        `${machine.wall.toFixed(3)} s instead of ${clean.wall.toFixed(3)} s, the same cost added to both sides of a ratio.\n`,
    );
  }
  const verbs = [
    ["promptc lint . (5 files)", promptc("lint", ".")],
    ["promptc lint . (5 files and a promptc.yaml)", { ...promptc("lint", "."), cwd: configured }],
    ["promptc preview hi", promptc("preview", "hi")],
    ["promptc agents", promptc("agents")],
    ["promptc tokens AGENTS.md", promptc("tokens", "AGENTS.md")],
    ["promptc --help", promptc("--help")],
  ];
  // Each verb three ways: replayed from its run memo (with the default settle time, as a user has it: the files
  // were written over 100 ms before); after a change, i.e. watched for its memo but not replayed
  // (watchedRun: the cost of a first run but writing its memo); and with memos off (PROMPTC_RUN_CACHE=0).
  /**
   * The command watched for its memo and never replayed: a cache folder of its own (its code caches warm as the
   * others do), in which a settle time no file meets keeps every run from being stored.
   */
  const watchedRun = (command) => ({
    ...command,
    env: { ...command.env, XDG_CACHE_HOME: join(scratch, "cache-watched"), PROMPTC_RUN_CACHE_SETTLE_MS: String(1e15) },
  });
  const [versionBase, version] = measureInterleaved([baseline, promptc("--version")]);
  row("promptc --version", version, [
    `${(version.wall / versionBase.wall).toFixed(2)}× node -e 0 (${versionBase.wall.toFixed(3)} s)`,
  ]);
  for (const [name, command] of verbs) {
    const replayed = command;
    const watched = watchedRun(command);
    const off = { ...command, env: { ...command.env, PROMPTC_RUN_CACHE: "0" } };
    const replays = memoState(replayed);
    const [base, m, baseAnew, w, a] = measureInterleaved([baseline, replayed, baseline, watched, off]);
    row(`${name}${replays === "replayed" ? ", replayed" : ""}`, m, [
      `${(m.wall / base.wall).toFixed(2)}× node -e 0 (${base.wall.toFixed(3)} s)`,
      ...(replays === "replayed" ? [] : [`not replayed: ${replays}`]),
    ]);
    if (replays !== "replayed") continue;
    row(`${name}, after a change (watched)`, w, [
      `${(w.wall / baseAnew.wall).toFixed(2)}× node -e 0 (${baseAnew.wall.toFixed(3)} s)`,
    ]);
    row(`${name}, memos off`, a, [`${(a.wall / baseAnew.wall).toFixed(2)}× node -e 0`]);
  }

  const first = { ...promptc("preview", "hi"), env: { ...env, PROMPTC_COMPILE_CACHE: "off", PROMPTC_RUN_CACHE: "0" } };
  const [firstBase, firstRun] = measureInterleaved([baseline, first]);
  row("promptc preview hi, first run (no code cache, no memo)", firstRun, [
    `${(firstRun.wall / firstBase.wall).toFixed(2)}× node -e 0 (${firstBase.wall.toFixed(3)} s)`,
  ]);

  console.log("");
  const codex = nativeCodex();
  if (codex !== undefined) console.log(`native codex: ${codex}`);
  const gen = spawnSync(
    process.execPath,
    [join(ROOT, "fixtures", "generate-large-workspace.mjs"), join(scratch, "large")],
    {
      encoding: "utf8",
    },
  );
  if (gen.status !== 0) throw new Error(`generate-large-workspace failed: ${gen.stderr}`);
  const large = JSON.parse(gen.stdout);
  const basic = join(ROOT, "fixtures", "workspaces", "basic");
  const fixed = ["--date", "2026-11-29", "--timezone", "Etc/UTC", "--shell", "bash"];
  for (const [name, cwd, home] of [
    ["basic", basic, join(basic, ".codex-home")],
    ["large: depth 12, 300 skills", large.cwd, large.codexHome],
  ]) {
    const preview = {
      argv: [
        process.execPath,
        BIN,
        "preview",
        "--profile",
        "codex",
        "-C",
        cwd,
        "--codex-home",
        home,
        "hello",
        ...fixed,
      ],
      env,
      cwd,
    };
    const label = `promptc preview --profile codex (${name})`;
    const replayed = preview;
    const watched = watchedRun(preview);
    const off = { ...preview, env: { ...env, PROMPTC_RUN_CACHE: "0" } };
    const replays = memoState(replayed);
    const ways = (m, w, a) => [
      [replays === "replayed" ? "replayed" : `not replayed: ${replays}`, m],
      ["after a change (watched)", w],
      ["memos off", a],
    ];
    // Against node -e 0 in rounds without Codex (a run right after Codex's is slower: ~40 against ~37 ms replayed on
    // the large workspace), against Codex in rounds of their own.
    const [base, m, w, a] = measureInterleaved([{ ...baseline, cwd }, replayed, watched, off]);
    const toNode = (r) => `${(r.wall / base.wall).toFixed(2)}× node -e 0`;
    if (codex === undefined) {
      for (const [how, r] of ways(m, w, a)) row(`${label}, ${how}`, r, [toNode(r)]);
      continue;
    }
    // Codex writes into CODEX_HOME (system skills, ids): give it a scratch copy, never the fixture.
    const codexHome = mkdtempSync(join(scratch, "codex-home-"));
    cpSync(home, codexHome, { recursive: true });
    const codexRun = { argv: [codex, "debug", "prompt-input", "hello"], env: { CODEX_HOME: codexHome }, cwd };
    const [c, ...withCodex] = measureInterleaved([codexRun, replayed, watched, off]);
    const [codexBase, codexAlone] = measureInterleaved([{ ...baseline, cwd }, codexRun]);
    row(`codex debug prompt-input (${name})`, c, [`${(codexAlone.wall / codexBase.wall).toFixed(2)}× node -e 0`]);
    ways(m, w, a).forEach(([how, r], i) => {
      const rc = withCodex[i];
      row(`${label}, ${how}`, r, [
        toNode(r),
        `${(rc.wall / c.wall).toFixed(2)}× codex wall`,
        `${(rc.rss / c.rss).toFixed(2)}× codex peak memory`,
      ]);
    });
  }
  if (codex === undefined) console.log("(native codex not found: set CODEX_BIN or install @openai/codex to compare)");

  console.log("");
  for (const [k, chain] of CHAINS.entries()) {
    const runs = [100, 400].map((depth) => {
      const dir = join(scratch, `chain-${k}-${depth}`);
      writeChain(dir, depth, chain);
      const home = join(scratch, "no-home");
      return {
        argv: [process.execPath, BIN, "lint", "--no-config", "--codex-home", home, "--home", home, "-f", "json"],
        // Run anew each time: the chain measures lint's own work on a deep tree.
        env: { ...env, PROMPTC_TOKEN_CACHE: "off", PROMPTC_RUN_CACHE: "0" },
        cwd: dir,
      };
    });
    const [d100, d400] = measureInterleaved(runs, DEEP_RUNS);
    row(`promptc lint, chain 100 deep (${chain.name})`, d100, []);
    row(`promptc lint, chain 400 deep (${chain.name})`, d400, [
      `${(d400.wall / d100.wall).toFixed(2)}× the 100-deep wall (4× the folders)`,
    ]);
    // The same command lines as a user's repeated runs are: with the memo, replayed when nothing changed.
    const replays = runs.map((r) => ({
      ...r,
      env: { ...env, PROMPTC_TOKEN_CACHE: "off" },
    }));
    const states = replays.map(memoState);
    if (states.some((state) => state !== "replayed")) {
      console.log(`  replayed: not both (${states.join("; ")})`);
      continue;
    }
    const [r100, r400] = measureInterleaved(replays, DEEP_RUNS);
    row(`  replayed, 400 deep`, r400, [
      `${(r400.wall / r100.wall).toFixed(2)}× the 100-deep replay (${r100.wall.toFixed(3)} s)`,
    ]);
  }

  if (existsSync(join(ROOT, "bench", "tokens.mjs"))) {
    console.log("");
    const r = spawnSync(process.execPath, [join(ROOT, "bench", "tokens.mjs"), "--quick"], { stdio: "inherit" });
    if (r.status !== 0) process.exitCode = r.status ?? 1;
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
