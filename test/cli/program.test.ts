import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROMPTC_VERSION } from "../../src/cli/promptc-version.js";
import { run } from "../../src/cli/program.js";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIO } from "../../src/cli/io.js";
import { capture as captureIn } from "./cli-capture.js";
import { Command, Help } from "commander";

const capture = () => captureIn(process.cwd());

describe("run", () => {
  it("lists every registered verb in --help and exits 0", async () => {
    const c = capture();
    expect(await run(["--help"], c.io)).toBe(0);
    for (const verb of Object.keys(commands)) expect(c.out()).toContain(verb);
  });

  it.each(["--version", "-V"])("prints package.json's version for %s and exits 0", async (flag) => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    const c = capture();
    expect([await run([flag], c.io), c.out()]).toEqual([0, `${pkg.version}\n`]);
    expect(PROMPTC_VERSION).toBe(pkg.version);
  });

  it("exits 2 with a reason for an unknown verb", async () => {
    const c = capture();
    expect(await run(["frobnicate"], c.io)).toBe(2);
    expect(c.err()).toMatch(/unknown command 'frobnicate'/);
  });

  it.each(Object.keys(commands))(
    "answers a bad flag to %s with its reason and a pointer to --help, exit 2",
    async (verb) => {
      const c = capture();
      expect(await run([verb, "--bogus-flag"], c.io)).toBe(2);
      expect(c.err()).toBe("error: unknown option '--bogus-flag'\n(run with --help for usage)\n");
    },
  );

  it("exits 2 with one line for an internal error, the stack only with PROMPTC_DEBUG", async () => {
    const boom = (env: CliIO["env"]) => {
      let err = "";
      const io: CliIO = {
        stdout: () => {
          throw new Error("boom");
        },
        stderr: (s) => void (err += s),
        isTTY: false,
        env,
        cwd: process.cwd(),
      };
      return { io, err: () => err };
    };
    const quiet = boom({});
    expect([await run(["schema"], quiet.io), quiet.err()]).toEqual([
      2,
      "promptc: internal error: boom (PROMPTC_DEBUG=1 shows the stack)\n",
    ]);
    const debug = boom({ PROMPTC_DEBUG: "1" });
    expect(await run(["schema"], debug.io)).toBe(2);
    expect(debug.err()).toMatch(/^promptc: internal error: boom .*\nError: boom\n\s+at /);
  });

  it("registers each verb under its own name", async () => {
    for (const [verb, { load }] of Object.entries(commands)) {
      const c = capture();
      expect(await run([verb, "--help"], c.io)).toBe(0);
      expect(c.out()).toContain(`Usage: promptc ${verb}`);
      expect(typeof (await load())).toBe("function");
    }
  });

  it("lists each verb in --help as its module registers it, without loading the module", async () => {
    const listed: { [verb: string]: [string, string] } = {};
    const registered: { [verb: string]: [string, string] } = {};
    for (const [verb, entry] of Object.entries(commands)) {
      const program = new Command("promptc").enablePositionalOptions();
      (await entry.load())(program, capture().io, () => {});
      const command = program.commands.find((c) => c.name() === verb);
      registered[verb] = [command ? new Help().subcommandTerm(command) : "(none)", command?.description() ?? ""];
      listed[verb] = [`${verb} ${entry.usage}`, entry.description];
    }
    expect(listed).toEqual(registered);
  });

  it("describes every verb in the lower-case style of commander's own lines", async () => {
    const firsts: { [verb: string]: string } = {};
    for (const verb of Object.keys(commands)) {
      const c = capture();
      await run([verb, "--help"], c.io);
      firsts[verb] = (c.out().split("\n")[2] ?? "").charAt(0);
    }
    expect(Object.entries(firsts).filter(([, ch]) => ch !== ch.toLowerCase() || ch === "")).toEqual([]);
  });
});
