// `promptc schema [config|lint-result]`: prints the published JSON Schema of promptc.yaml's lint keys (for
// editors and YAML language servers) or of `promptc lint --format json` output. IO at the edge.
import type { Command } from "commander";
import { LINT_JSON_SCHEMA } from "../../lint/formatters/format-json.js";
import { LINT_CONFIG_SCHEMA } from "../../lint/lint-config.js";
import { EXIT_OK, EXIT_USAGE, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";

const SCHEMAS: { readonly [name: string]: object } = { config: LINT_CONFIG_SCHEMA, "lint-result": LINT_JSON_SCHEMA };

export function runSchema(which: string, io: CliIO): number {
  const schema = SCHEMAS[which];
  if (!schema) {
    io.stderr(`promptc schema: unknown schema '${which}' (expected ${Object.keys(SCHEMAS).join(", ")})\n`);
    return EXIT_USAGE;
  }
  writeExact(io, JSON.stringify(schema, null, 2) + "\n");
  return EXIT_OK;
}

export const registerSchema: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("schema")
    .description(
      "print a JSON Schema: 'config' (promptc.yaml lint configuration) or 'lint-result' (lint --format json)",
    )
    .argument("[which]", "config or lint-result", "config")
    .action((which: string) => setExitCode(runSchema(which, io)));
};
