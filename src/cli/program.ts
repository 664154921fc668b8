// The CLI program: commander wiring only. Each verb lives in commands/<verb>.ts and returns an exit code.
import { Command, CommanderError, Help } from "commander";
import { colorFor } from "./format/style.js";
import { EXIT_USAGE, type CliIO } from "./io.js";
import { createTerminalWriters } from "./terminal-text.js";
import { commands } from "./commands/index.js";
import { PROMPTC_VERSION } from "./promptc-version.js";
import { verbOf } from "./verb-of.js";

/**
 * Adds the verb being run from its module. Without one (`--help`, `help`, an unknown verb), every verb is listed
 * from the registry alone: its module is not loaded, and commander still lists, suggests and rejects as usual.
 */
async function addCommands(
  program: Command,
  argv: readonly string[],
  io: CliIO,
  setExitCode: (code: number) => void,
): Promise<void> {
  const verb = verbOf(argv);
  const entry = verb !== undefined && Object.hasOwn(commands, verb) ? commands[verb] : undefined;
  if (entry !== undefined) return (await entry.load())(program, io, setExitCode);
  for (const [name, { usage, description }] of Object.entries(commands))
    program.command(name).usage(usage).description(description);
  // A verb is listed as `<name> <usage>`, what commander prints for its loaded command; `help` as commander does.
  const standard = new Help();
  program.configureHelp({
    subcommandTerm: (cmd) =>
      Object.hasOwn(commands, cmd.name()) ? `${cmd.name()} ${cmd.usage()}` : standard.subcommandTerm(cmd),
  });
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
  await addCommands(program, argv, io, (code) => {
    exitCode = code;
  });
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
