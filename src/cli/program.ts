// The CLI program: commander wiring only. Each verb lives in commands/<verb>.ts and returns an exit code.
import { Command, CommanderError } from "commander";
import { colorFor } from "./format/style.js";
import { EXIT_USAGE, type CliIO } from "./io.js";
import { createTerminalWriters } from "./terminal-text.js";
import { commands } from "./commands/index.js";
import type { RegisterCommand } from "./commands/register-command.js";
import { PROMPTC_VERSION } from "./promptc-version.js";

/** Only the verb being run is loaded; help, or an unknown verb, loads them all so commander can list them. */
async function loadCommands(argv: string[]): Promise<RegisterCommand[]> {
  const verb = argv.find((a) => !a.startsWith("-"));
  const load = verb !== undefined ? commands[verb] : undefined;
  if (load) return [await load()];
  return Promise.all(Object.values(commands).map((l) => l()));
}

/**
 * Whether the verb may colour its output: then promptc's own SGR sequences pass the terminal sanitiser. The verbs
 * decide with colorFor and their --color/--no-color flags (an agent's own flags after `--` are not promptc's).
 */
function mayColor(argv: readonly string[], io: CliIO): boolean {
  const end = argv.indexOf("--");
  const own = end < 0 ? argv : argv.slice(0, end);
  return own.includes("--no-color") ? own.includes("--color") : own.includes("--color") || colorFor(io, undefined);
}

export async function run(argv: string[], rawIO: CliIO): Promise<number> {
  let exitCode = 0;
  // Everything written for people goes through the terminal sanitiser; machine formats use io.stdoutExact.
  const io: CliIO = {
    ...rawIO,
    ...createTerminalWriters({ stdout: rawIO.stdout, stderr: rawIO.stderr }, { keepColor: mayColor(argv, rawIO) }),
    stdoutExact: rawIO.stdoutExact ?? rawIO.stdout,
  };
  const program = new Command("promptc")
    .description("Compile, preview, lint and test the prompts coding agents send")
    .version(PROMPTC_VERSION, "-V, --version", "print the version")
    .exitOverride()
    // Options after a verb belong to it (lets `capture` hand the agent's own options through untouched).
    .enablePositionalOptions()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // A usage error is its reason and a pointer to the help, not the whole help (the README's one-line reason).
    .showHelpAfterError("(run with --help for usage)");
  for (const register of await loadCommands(argv)) {
    register(program, io, (code) => {
      exitCode = code;
    });
  }
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version exit 0; everything else commander rejects is a usage error.
      return err.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    // A bug, not a user error: one line, the stack on request, and exit 2 like any failure to run (the README's exit codes),
    // instead of Node's uncaught-exception exit 1, which would read as "findings".
    io.stderr(
      `promptc: internal error: ${err instanceof Error ? err.message : String(err)} (PROMPTC_DEBUG=1 shows the stack)\n`,
    );
    if (io.env["PROMPTC_DEBUG"] && err instanceof Error && err.stack) io.stderr(`${err.stack}\n`);
    return EXIT_USAGE;
  }
  return exitCode;
}
