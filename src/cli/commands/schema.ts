// `promptc schema [config|lint-result]`: prints the published JSON Schema of promptc.yaml's lint keys (for
// editors and YAML language servers) or of `promptc lint --format json` output. IO at the edge.
import type { Command } from "commander";
import { LINT_JSON_SCHEMA } from "../../lint/formatters/format-json.js";
import { LINT_CONFIG_SCHEMA } from "../../lint/lint-config.js";
import { SESSIONS_JSON_SCHEMA } from "../../report/session-report-schema.js";
import { EXIT_OK, EXIT_USAGE, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";

const SCHEMAS: { readonly [name: string]: object } = {
  config: LINT_CONFIG_SCHEMA,
  "lint-result": LINT_JSON_SCHEMA,
  sessions: SESSIONS_JSON_SCHEMA,
};

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
      "print a JSON Schema: 'config' (promptc.yaml lint configuration), 'lint-result' (lint --format json) or 'sessions' (sessions --json)",
    )
    .argument("[which]", "config, lint-result or sessions", "config")
    .action((which: string) => setExitCode(runSchema(which, io)));
};
