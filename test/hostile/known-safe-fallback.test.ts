// Issue 24: without bubblewrap `promptc run` lets only known read-only commands run, unconfined. Each attack here makes
// a "read-only" command start a program (a repository's own git configuration, the tools' environment, a login
// shell's profile); each must be contained, with the reason in the tool result. Controls show the commands still work.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useLoopbackCli } from "../cli/loopback-cli.js";
import { assistantMessage, functionCall, responseEvents, sse, sseReply } from "../loop/helpers/sse-server.js";

const t = useLoopbackCli("promptc-known-safe-fallback-");
const FALLBACK = { PROMPTC_BWRAP: "/nonexistent/bwrap" };
const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "t",
  GIT_AUTHOR_EMAIL: "t@t",
  GIT_COMMITTER_NAME: "t",
  GIT_COMMITTER_EMAIL: "t@t",
};
let cases = 0;

/** A fresh repository with one commit of f.txt, and a folder for the markers an attack would leave. */
function repository(files: { [path: string]: string } = {}) {
  const dir = join(t.root, `case-${++cases}`);
  const repo = join(dir, "repo");
  const marks = join(dir, "marks");
  mkdirSync(marks, { recursive: true });
  mkdirSync(repo, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, env: GIT_ENV, encoding: "utf8" });
  git("init", "-q");
  writeFileSync(join(repo, "f.txt"), "one\n");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(repo, path, ".."), { recursive: true });
    writeFileSync(join(repo, path), text, { mode: 0o755 });
  }
  git("add", "-A");
  git("commit", "-qm", "first commit");
  // Same size, new content: git must read the file (through any clean filter) to see the change.
  writeFileSync(join(repo, "f.txt"), "two\n");
  /** A shell command that leaves a marker named `name` when it runs. */
  const mark = (name: string) => `touch ${join(marks, name)}`;
  const left = () => readdirSync(marks).sort();
  return { repo, marks, git, mark, left };
}
type Repo = ReturnType<typeof repository>;

type Call = string[] | { command: string[]; workdir: string };
/**
 * One fallback run whose model calls `shell` with each command; returns what the model read per call. `config` is a
 * config.toml for the run, `env` is added to promptc's own environment.
 */
async function run(cwd: string, calls: Call[], options: { env?: { [name: string]: string }; config?: string } = {}) {
  const server = await t.serve([
    sseReply(
      sse(responseEvents(calls.map((c, i) => functionCall("shell", Array.isArray(c) ? { command: c } : c, `c${i}`)))),
    ),
    sseReply(sse(responseEvents([assistantMessage("ok")]))),
  ]);
  const log = join(t.root, `log-${++cases}.jsonl`);
  const flags = [...(options.config ? ["--config", options.config] : []), "--sandbox", "workspace-write"];
  const argv = ["run", "--base-url", server.baseUrl, "--session-log", log, ...flags, "--approval", "never", "go"];
  const r = await t.cli(argv, cwd, { ...FALLBACK, ...options.env });
  const last = JSON.parse(server.requests.at(-1)!.body) as { input: { type: string; output?: string }[] };
  return { ...r, outputs: last.input.filter((i) => i.type === "function_call_output").map((i) => i.output ?? "") };
}
const exitOf = (output: string) => /^Exit code: (\d+)/.exec(output)?.[1];
/** A config.toml whose `[shell_environment_policy] set` puts these variables in every tool's environment. */
function policySetting(vars: { [name: string]: string }): string {
  const file = join(t.root, `env-${++cases}.toml`);
  const entries = Object.entries(vars).map(([k, v]) => `${JSON.stringify(k)} = ${JSON.stringify(v)}`);
  writeFileSync(file, `[shell_environment_policy]\nset = { ${entries.join(", ")} }\n`);
  return file;
}

describe("without bubblewrap, a repository's git configuration cannot start programs", () => {
  it("textconv of a diff driver named in .gitattributes (diff, log -p, show, blame, status -v)", async () => {
    const r = repository({ ".gitattributes": "*.txt diff=conv\n" });
    r.git("config", "diff.conv.textconv", `sh -c '${r.mark("textconv")}; cat "$0"'`);
    const out = await run(r.repo, [
      ["git", "diff"],
      ["git", "log", "-p"],
      ["git", "show"],
      ["git", "blame", "f.txt"],
      ["git", "status", "-v", "-v"],
    ]);
    expect(r.left()).toEqual([]);
    expect(out.outputs.map(exitOf)).toEqual(["0", "0", "0", "0", "0"]);
    expect(out.outputs[0]).toContain("-one\n+two");
  });

  it.each([
    ["diff.external", (r: Repo) => r.git("config", "diff.external", r.mark("external")), {}],
    ["a driver's diff command", (r: Repo) => r.git("config", "diff.ext.command", r.mark("external")), {}],
    ["GIT_EXTERNAL_DIFF from the environment policy", () => {}, { GIT_EXTERNAL_DIFF: "external" }],
  ] as const)("external diff: %s", async (_case, configure, policy) => {
    const r = repository({ ".gitattributes": "*.txt diff=ext\n" });
    configure(r);
    const vars = Object.fromEntries(Object.entries(policy).map(([k, v]) => [k, r.mark(v)]));
    const out = await run(
      r.repo,
      [
        ["git", "diff"],
        ["git", "log", "-p"],
        ["git", "show"],
      ],
      {
        config: policySetting(vars),
      },
    );
    expect(r.left()).toEqual([]);
    expect(out.outputs.map(exitOf)).toEqual(["0", "0", "0"]);
    expect(out.outputs[0]).toContain("-one\n+two");
  });

  it("core.fsmonitor (status, diff, ls-files)", async () => {
    const r = repository();
    r.git("config", "core.fsmonitor", `${r.mark("fsmonitor")}; false`);
    const out = await run(r.repo, [
      ["git", "status", "--short"],
      ["git", "diff"],
      ["git", "ls-files"],
    ]);
    expect(r.left()).toEqual([]);
    expect(out.outputs[0]).toMatch(/^Exit code: 0\n[\s\S]* M f\.txt/);
  });

  it("clean filters and long-running filter processes", async () => {
    const r = repository({ ".gitattributes": "f.txt filter=cleanup\ng.txt filter=daemon\n", "g.txt": "g\n" });
    r.git("config", "filter.cleanup.clean", `sh -c '${r.mark("clean")}; cat'`);
    r.git("config", "filter.cleanup.smudge", `sh -c '${r.mark("smudge")}; cat'`);
    r.git("config", "filter.daemon.process", r.mark("process"));
    writeFileSync(join(r.repo, "g.txt"), "h\n");
    const out = await run(r.repo, [
      ["git", "status", "--short"],
      ["git", "diff"],
    ]);
    expect(r.left()).toEqual([]);
    expect(out.outputs[0]).toContain(" M f.txt");
  });

  it("hooks: a post-index-change hook in .git/hooks or in core.hooksPath", async () => {
    const r = repository({ "hooks/post-index-change": "#!/bin/sh\ntouch ../marks/hooks-path\n" });
    writeFileSync(join(r.repo, ".git", "hooks", "post-index-change"), `#!/bin/sh\n${r.mark("hook")}\n`, {
      mode: 0o755,
    });
    const first = await run(r.repo, [["git", "status"]]);
    r.git("config", "core.hooksPath", join(r.repo, "hooks"));
    const second = await run(r.repo, [["git", "status"]]);
    expect(r.left()).toEqual([]);
    expect([...first.outputs, ...second.outputs].map(exitOf)).toEqual(["0", "0"]);
  });

  it("signature checks: gpg.program with log.showSignature, --show-signature, %G? and a pretty alias", async () => {
    const r = repository();
    const tree = r.git("rev-parse", "HEAD^{tree}").trim();
    const commit = `tree ${tree}\nauthor t <t@t> 1 +0000\ncommitter t <t@t> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n x\n -----END PGP SIGNATURE-----\n\nsigned\n`;
    writeFileSync(join(r.marks, "..", "commit"), commit);
    const signed = r.git("hash-object", "-t", "commit", "-w", join(r.marks, "..", "commit")).trim();
    r.git("update-ref", "HEAD", signed);
    writeFileSync(join(r.marks, "..", "gpg"), `#!/bin/sh\n${r.mark("gpg")}\n`, { mode: 0o755 });
    r.git("config", "gpg.program", join(r.marks, "..", "gpg"));
    r.git("config", "gpg.ssh.program", join(r.marks, "..", "gpg"));
    r.git("config", "log.showSignature", "true");
    r.git("config", "pretty.sig", "%G? %s");
    const out = await run(r.repo, [
      ["git", "log"],
      ["git", "show"],
      ["git", "log", "--show-signature"],
      ["git", "log", "--format=%G?"],
      ["git", "log", "--format=sig"],
    ]);
    expect(r.left()).toEqual([]);
    expect(out.outputs[0]).toContain("signed");
  });

  it("lazy fetches of a partial clone through a remote helper (protocol.<name>.allow in the repository)", async () => {
    const source = repository();
    source.git("config", "uploadpack.allowFilter", "true");
    const r = repository();
    execFileSync("git", ["clone", "-q", "--filter=blob:none", "--no-checkout", `file://${source.repo}`, "clone"], {
      cwd: join(r.repo, ".."),
      env: GIT_ENV,
    });
    const clone = join(r.repo, "..", "clone");
    execFileSync("git", ["config", "remote.origin.url", `ext::sh -c touch% ${join(r.marks, "ext")}`], { cwd: clone });
    execFileSync("git", ["config", "protocol.ext.allow", "always"], { cwd: clone });
    execFileSync("git", ["config", "core.sshCommand", r.mark("ssh")], { cwd: clone });
    execFileSync("git", ["config", "credential.helper", `!${r.mark("credential")}`], { cwd: clone });
    const out = await run(clone, [
      ["git", "show", "HEAD:f.txt"],
      ["git", "log", "-p"],
    ]);
    expect(r.left()).toEqual([]);
    expect(out.outputs.every((o) => !o.startsWith("Tool call refused"))).toBe(true);
  });

  it("included configuration is refused: the included file may be one the tools can change", async () => {
    const r = repository({ "extra.cfg": "" });
    writeFileSync(join(r.repo, "extra.cfg"), `[core]\n\tfsmonitor = ${r.mark("included")}; false\n`);
    r.git("config", "include.path", join(r.repo, "extra.cfg"));
    const plain = await run(r.repo, [["git", "status"]]);
    r.git("config", "--unset", "include.path");
    r.git("config", `includeIf.gitdir:${r.repo}/.path`, join(r.repo, "extra.cfg"));
    const conditional = await run(r.repo, [["git", "status"]]);
    expect(r.left()).toEqual([]);
    for (const o of [...plain.outputs, ...conditional.outputs])
      expect(o).toMatch(/^Tool call refused: .*includes other files/);
  });

  it("a repository whose git folder the tools can write is refused", async () => {
    const r = repository();
    const nested = join(r.repo, "nested");
    mkdirSync(nested);
    execFileSync("git", ["init", "-q"], { cwd: nested, env: GIT_ENV });
    execFileSync("git", ["config", "core.fsmonitor", `${r.mark("nested")}; false`], { cwd: nested });
    const out = await run(r.repo, [{ command: ["git", "status"], workdir: "nested" }]);
    expect(r.left()).toEqual([]);
    expect(out.outputs[0]).toMatch(/^Tool call refused: .*nested\/\.git.* tools can write/);
  });

  it.each([
    ["GIT_DIR and GIT_WORK_TREE naming another repository", "git-dir"],
    ["GIT_CONFIG_COUNT / GIT_CONFIG_KEY_0 / GIT_CONFIG_VALUE_0", "config-count"],
    ["GIT_CONFIG_PARAMETERS", "config-parameters"],
  ])("git variables in the tools' environment: %s", async (_case, kind) => {
    const r = repository();
    const elsewhere = repository();
    elsewhere.git("config", "core.fsmonitor", `${r.mark(kind)}; false`);
    const fsmonitor = `${r.mark(kind)}; false`;
    const vars: { [name: string]: { [name: string]: string } } = {
      "git-dir": { GIT_DIR: join(elsewhere.repo, ".git"), GIT_WORK_TREE: elsewhere.repo },
      "config-count": { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.fsmonitor", GIT_CONFIG_VALUE_0: fsmonitor },
      "config-parameters": { GIT_CONFIG_PARAMETERS: `'core.fsmonitor=${fsmonitor}'` },
    };
    const out = await run(r.repo, [["git", "status", "--short"]], { config: policySetting(vars[kind]!) });
    expect(r.left()).toEqual([]);
    expect(out.outputs[0]).toMatch(/^Exit code: 0\n[\s\S]* M f\.txt/);
  });

  it("git inside a shell script is refused (it cannot be given the settings that keep it from starting programs)", async () => {
    const r = repository();
    r.git("config", "core.fsmonitor", `${r.mark("script")}; false`);
    const out = await run(r.repo, [
      ["sh", "-c", "git status"],
      ["bash", "-lc", "ls && git diff"],
    ]);
    expect(r.left()).toEqual([]);
    for (const o of out.outputs) expect(o).toMatch(/^Tool call refused: .*git inside a shell script/);
  });
});

describe("without bubblewrap, the environment and startup files cannot make a read-only command start programs", () => {
  it("BASH_ENV, ENV and exported shell functions", async () => {
    const r = repository({ "startup.sh": "" });
    writeFileSync(join(r.repo, "startup.sh"), `${r.mark("bash-env")}\n`);
    const config = policySetting({
      BASH_ENV: join(r.repo, "startup.sh"),
      ENV: join(r.repo, "startup.sh"),
      "BASH_FUNC_ls%%": `() { ${r.mark("function")}; }`,
    });
    const out = await run(
      r.repo,
      [
        ["bash", "-c", "ls"],
        ["sh", "-c", "ls"],
      ],
      { config },
    );
    expect(r.left()).toEqual([]);
    expect(out.outputs.map(exitOf)).toEqual(["0", "0"]);
    expect(out.outputs[0]).toContain("f.txt");
  });

  it("a login shell does not read profile files the tools can write", async () => {
    const r = repository();
    for (const profile of [".bash_profile", ".profile", ".bash_login", ".zshenv"])
      writeFileSync(join(r.repo, profile), `${r.mark(profile.slice(1))}\n`);
    const out = await run(
      r.repo,
      [
        ["bash", "-lc", "ls"],
        ["sh", "-lc", "ls"],
      ],
      { env: { HOME: r.repo } },
    );
    expect(r.left()).toEqual([]);
    expect(out.outputs.map(exitOf)).toEqual(["0", "0"]);
  });

  it("LD_PRELOAD and the like never reach a known-safe command", async () => {
    const r = repository();
    // A library that does not exist: the dynamic loader says so on stderr when it is asked to preload it.
    const config = policySetting({ LD_PRELOAD: join(r.repo, "evil.so"), LD_LIBRARY_PATH: r.repo });
    const out = await run(r.repo, [["sh", "-c", "echo ok"], ["ls"]], { config });
    expect(out.outputs.map(exitOf)).toEqual(["0", "0"]);
    for (const o of out.outputs) expect(o).not.toContain("evil.so");
  });
});

describe("controls: ordinary read-only git works without bubblewrap", () => {
  it("status, diff, log, show, blame, branch, rev-parse, ls-files", async () => {
    const r = repository();
    const out = await run(r.repo, [
      ["git", "status", "--short"],
      ["git", "diff"],
      ["git", "log", "--oneline"],
      ["git", "show", "--stat"],
      ["git", "blame", "f.txt"],
      ["git", "branch", "--show-current"],
      ["git", "rev-parse", "--show-toplevel"],
      ["git", "ls-files"],
      { command: ["git", "status", "--short"], workdir: "." },
    ]);
    expect(out.outputs.map(exitOf)).toEqual(["0", "0", "0", "0", "0", "0", "0", "0", "0"]);
    expect(out.outputs[0]).toContain(" M f.txt");
    expect(out.outputs[1]).toContain("-one\n+two");
    expect(out.outputs[2]).toContain("first commit");
    expect(out.outputs[6]).toContain(r.repo);
  });

  it("git outside a repository says so", async () => {
    const r = repository();
    const outside = join(r.marks, "..");
    const out = await run(outside, [["git", "status"]]);
    expect(out.outputs[0]).toMatch(/not a git repository/);
  });
});
