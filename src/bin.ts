#!/usr/bin/env node
// The promptc executable: hand argv to the CLI and set the exit code. Does IO.
import { run } from "./cli/program.js";

process.exitCode = await run(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: Boolean(process.stdout.isTTY),
  env: process.env,
  cwd: process.cwd(),
});
