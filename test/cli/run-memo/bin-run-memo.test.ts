// The built executable replays a stored run only while everything the run looked at is as it was: each change
// below (a file's content, a new context file, a variable, the command line) runs the verb anew, and every replay
// prints what a run without memos prints.
import { spawnSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ANCHOR_STRIDE } from "../../../src/cli/run-memo/packed-looks.js";
import { useScratchDir } from "../../scratch-dir.js";
import { skipBecause } from "../../skip-because.js";

const BIN = join(import.meta.dirname, "..", "..", "..", "dist", "bin.cjs");
const dir = useScratchDir("promptc-bin-memo-");
const home = join(dir, "home");
mkdirSync(home);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The memo's own line on stderr (PROMPTC_RUN_CACHE=verbose): replayed, stored, or why not. */
  memo: string;
}

function promptc(cwd: string, argv: string[], env: { [name: string]: string } = {}, nodeFlags: string[] = []): Run {
  const r = spawnSync(process.execPath, [...nodeFlags, BIN, ...argv], {
    cwd,
    encoding: "utf8",
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: home,
      XDG_CACHE_HOME: join(dir, "cache"),
      NO_COLOR: "1",
      PROMPTC_RUN_CACHE: "verbose",
      // The files below are written moments before each run; this suite changes them by size or adds them.
      PROMPTC_RUN_CACHE_SETTLE_MS: "0",
      ...env,
    },
  });
  const memoLine = /^promptc: (replayed|stored|this run is not stored).*\n/m;
  const memo = memoLine.exec(r.stderr)?.[0] ?? "";
  return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(memoLine, ""), memo };
}

/** The same command line with memos off: what a replay must print. */
function fresh(cwd: string, argv: string[], env: { [name: string]: string } = {}, nodeFlags: string[] = []): Run {
  return promptc(cwd, argv, { ...env, PROMPTC_RUN_CACHE: "0" }, nodeFlags);
}

let n = 0;
function workspace(): string {
  const root = join(dir, `ws${n++}`);
  mkdirSync(join(root, "packages", "api"), { recursive: true });
  writeFileSync(join(root, "package.json"), "{}\n");
  writeFileSync(join(root, "AGENTS.md"), "# Rules\n\nRun the tests before you commit.\n");
  return root;
}

function expectSame(a: Run, b: Run): void {
  expect({ code: a.code, stdout: a.stdout, stderr: a.stderr }).toEqual({
    code: b.code,
    stdout: b.stdout,
    stderr: b.stderr,
  });
}

describe.skipIf(
  skipBecause("run memo (dist/bin.cjs)", existsSync(BIN) ? undefined : "dist/bin.cjs is not built (npm run build)"),
)("run memo (dist/bin.cjs)", () => {
  // The first run in a new cache folder makes it (and the token counts) while it looks at them: never stored.
  beforeAll(() => void promptc(workspace(), ["preview", "hi"]));

  it.each([[["lint", "."]], [["preview", "hi"]], [["agents"]], [["preview", "--text", "hi"]], [["--help"]]])(
    "%j: stored, then replayed as a fresh run prints it",
    (argv) => {
      const root = workspace();
      const first = promptc(root, argv);
      expect(first.memo).toMatch(/^promptc: stored/);
      const second = promptc(root, argv);
      expect(second.memo).toMatch(/^promptc: replayed/);
      expectSame(second, first);
      expectSame(second, fresh(root, argv));
    },
  );

  it.each<[string, (root: string) => void]>([
    ["a context file's content", (root) => appendFileSync(join(root, "AGENTS.md"), "Never push to main.\n")],
    [
      "a new context file in a subfolder",
      (root) => writeFileSync(join(root, "packages", "api", "AGENTS.md"), "# API\n"),
    ],
    ["a new override file", (root) => writeFileSync(join(root, "AGENTS.override.md"), "# Override\n")],
    ["a CLAUDE.md next to it", (root) => writeFileSync(join(root, "CLAUDE.md"), "@AGENTS.md\n")],
  ])("after a change of %s, lint runs anew and preview prints what a fresh run prints", (_name, change) => {
    const root = workspace();
    const argvs = [
      ["lint", "."],
      ["preview", "--text", "hi"],
      ["preview", "--profile", "codex", "--text", "hi"],
    ];
    const before = argvs.map((argv) => {
      promptc(root, argv);
      const replayed = promptc(root, argv);
      expect(replayed.memo).toMatch(/^promptc: replayed/);
      return replayed;
    });
    change(root);
    argvs.forEach((argv, i) => {
      const after = promptc(root, argv);
      expectSame(after, fresh(root, argv));
      // lint reads every context file in the tree; a replay is right only where the output did not change.
      if (i === 0) expect(after.memo).not.toMatch(/^promptc: replayed/);
      if (after.memo.startsWith("promptc: replayed")) expectSame(after, before[i]!);
    });
  });

  it("runs anew when a variable the run read changes, and for another command line", () => {
    const root = workspace();
    promptc(root, ["preview", "hi"]);
    const codexHome = join(dir, "codex-home");
    mkdirSync(codexHome, { recursive: true });
    writeFileSync(join(codexHome, "AGENTS.md"), "# Global\n");
    const withHome = promptc(root, ["preview", "hi"], { CODEX_HOME: codexHome });
    expect(withHome.memo).not.toMatch(/^promptc: replayed/);
    expectSame(withHome, fresh(root, ["preview", "hi"], { CODEX_HOME: codexHome }));
    expect(promptc(root, ["preview", "hello"]).memo).not.toMatch(/^promptc: replayed/);
  });

  // A replay reads files' identities through Node's fs binding, which warns (DEP0111) under pending deprecation.
  it.each<[string, string[], { [name: string]: string }]>([
    ["--pending_deprecation --throw-deprecation", ["--pending_deprecation", "--throw-deprecation"], {}],
    [
      "a quoted --pending-deprecation in NODE_OPTIONS",
      [],
      { NODE_OPTIONS: '"--pending-deprecation" --throw-deprecation' },
    ],
    ["NODE_PENDING_DEPRECATION=1", ["--throw-deprecation"], { NODE_PENDING_DEPRECATION: "1" }],
  ])("under %s: stored and replayed, with no warning", (_name, nodeFlags, env) => {
    const root = workspace();
    const first = promptc(root, ["agents"], env, nodeFlags);
    expect(first.memo).toMatch(/^promptc: stored/);
    const second = promptc(root, ["agents"], env, nodeFlags);
    expect(second.memo).toMatch(/^promptc: replayed/);
    expectSame(second, fresh(root, ["agents"], env, nodeFlags));
    expect(second.code).toBe(0);
    expect(second.stderr).not.toContain("DEP0111");
  });

  it("keeps runs under other Node settings apart: what Node printed under them is not replayed without them", () => {
    const root = workspace();
    promptc(root, ["lint", "."]);
    expect(promptc(root, ["lint", "."]).memo).toMatch(/^promptc: replayed/);
    for (const [env, nodeFlags] of [
      [{}, ["--no-warnings"]],
      [{ NODE_OPTIONS: "--no-warnings" }, []],
      [{ NODE_NO_WARNINGS: "1" }, []],
    ] as const)
      expect(promptc(root, ["lint", "."], env, [...nodeFlags]).memo).not.toMatch(/^promptc: replayed/);
    // Node's experimental permission model warns on stderr: the run is stored with its warning, for its flags only.
    const permission = [
      "--experimental-permission",
      "--allow-fs-read=*",
      "--allow-fs-write=*",
      "--allow-child-process",
    ];
    const warned = promptc(root, ["lint", "."], {}, permission);
    expect(warned.stderr).toContain("ExperimentalWarning");
    const plain = promptc(root, ["lint", "."]);
    expect(plain.memo).toMatch(/^promptc: replayed/);
    expect(plain.stderr).not.toContain("ExperimentalWarning");
  });

  // A replay takes the looks of deep folders from anchors it moves into (still-seen.ts): from below one, each change
  // deep in the tree still runs anew, and what a replay prints is a fresh run's.
  it.each<[string, (deepest: string) => void]>([
    ["a deep context file's content", (deepest) => appendFileSync(join(deepest, "AGENTS.md"), "Never push to main.\n")],
    ["a new CLAUDE.md deep in the tree", (deepest) => writeFileSync(join(deepest, "CLAUDE.md"), "@AGENTS.md\n")],
  ])("in a tree 3 anchors deep, after a change of %s, lint runs anew", (_name, change) => {
    const root = workspace();
    let deepest = root;
    for (let i = 0; i < ANCHOR_STRIDE * 3; i++) {
      deepest = join(deepest, `d${i}`);
      mkdirSync(deepest);
      writeFileSync(join(deepest, "AGENTS.md"), `# Level ${i}\n`);
    }
    for (const cwd of [root, deepest]) {
      promptc(cwd, ["lint", "."]);
      const replayed = promptc(cwd, ["lint", "."]);
      expect(replayed.memo).toMatch(/^promptc: replayed/);
      expectSame(replayed, fresh(cwd, ["lint", "."]));
    }
    change(deepest);
    for (const cwd of [root, deepest]) {
      const after = promptc(cwd, ["lint", "."]);
      expect(after.memo).not.toMatch(/^promptc: replayed/);
      expectSame(after, fresh(cwd, ["lint", "."]));
    }
  });

  it("replays the exit code of a run with findings", () => {
    const root = workspace();
    writeFileSync(join(root, "AGENTS.md"), "See [the guide](./missing-guide.md).\n");
    const first = promptc(root, ["lint", ".", "--max-warnings", "0"]);
    const second = promptc(root, ["lint", ".", "--max-warnings", "0"]);
    expect(second.memo).toMatch(/^promptc: replayed/);
    expect(second.code).toBe(first.code);
    expect(first.code).not.toBe(0);
  });

  it("stores no run that read standard input, or one whose files changed moments ago", () => {
    const root = workspace();
    const stdin = spawnSync(process.execPath, [BIN, "tokens"], {
      cwd: root,
      input: "hello",
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        XDG_CACHE_HOME: join(dir, "cache"),
        PROMPTC_RUN_CACHE: "verbose",
      },
    });
    expect(stdin.stderr).toContain("not stored for replay: standard input");
    expect(promptc(root, ["lint", "."], { PROMPTC_RUN_CACHE_SETTLE_MS: "60000" }).memo).toContain(
      "changed moments ago",
    );
  });

  it("stores no run whose reader went away: the output it kept is cut short", () => {
    const root = workspace();
    // 150 context files: lint's JSON is far more than a pipe holds, so `head -c 1` leaves it writing to no one.
    for (let i = 0; i < 150; i++) {
      mkdirSync(join(root, `d${i}`));
      writeFileSync(join(root, `d${i}`, "AGENTS.md"), `# Part ${i}\n\nRun \`npm run build${i}\` first.\n`);
    }
    const env = {
      ...process.env,
      HOME: home,
      XDG_CACHE_HOME: join(dir, "cache"),
      PROMPTC_RUN_CACHE: "verbose",
      PROMPTC_RUN_CACHE_SETTLE_MS: "0",
    };
    const cut = spawnSync(
      "sh",
      ["-c", `"${process.execPath}" "${BIN}" lint -f json . 2>"${join(root, "err")}" | head -c 1`],
      { cwd: root, env, encoding: "utf8" },
    );
    expect(cut.stdout).toHaveLength(1);
    const after = promptc(root, ["lint", "-f", "json", "."]);
    expect(after.memo).not.toMatch(/^promptc: replayed/);
    expectSame(after, fresh(root, ["lint", "-f", "json", "."]));
  });

  it("keeps no memo of a command line naming a file in the cache folder, nor of a read of /proc", () => {
    const root = workspace();
    mkdirSync(join(dir, "cache", "promptc"), { recursive: true });
    writeFileSync(join(dir, "cache", "promptc", "notes.txt"), "hello");
    expect(promptc(root, ["tokens", join(dir, "cache", "promptc", "notes.txt")]).memo).toBe("");
    expect(promptc(root, ["tokens", "/proc/self/status"]).memo).toContain("a read of /proc/self/status");
  });
});
