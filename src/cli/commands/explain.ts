// `promptc explain [ID]`: what a diagnostic id means — a loader, compiler, session, compaction or capture id
// from the diagnostic catalogue, or a lint rule (the same text as `lint --explain`) — or what a registered
// profile is. Without an ID, the list.
// IO at the edge (prints only).
import type { Command } from "commander";
import { formatRuleExplain } from "../../lint/formatters/format-rules.js";
import { lintRules, lintRulesById } from "../../lint/rules/index.js";
import { DIAGNOSTIC_CATALOGUE, findDiagnosticInfo } from "../../model/diagnostic-catalogue.js";
import { findProfile, PROFILE_LIST } from "../../profiles/index.js";
import { formatProfileExplain, profileFacts } from "../format/profile-explain.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";

interface ExplainOptions {
  json?: boolean;
}

function listIds(json: boolean): string {
  if (json)
    return (
      JSON.stringify(
        {
          diagnostics: DIAGNOSTIC_CATALOGUE,
          lintRules: lintRules.map((r) => ({ id: r.id, summary: r.meta.description })),
          profiles: PROFILE_LIST.map(profileFacts),
        },
        null,
        2,
      ) + "\n"
    );
  const width = Math.max(...DIAGNOSTIC_CATALOGUE.map((e) => e.id.length));
  const lines = DIAGNOSTIC_CATALOGUE.map((e) => `${e.id.padEnd(width)}  ${e.summary}`);
  const profiles = PROFILE_LIST.map((p) => `${p.id.padEnd(width)}  ${p.description}`);
  return `${lines.join("\n")}\n\nprofiles (--profile):\n${profiles.join("\n")}\n\n${DIAGNOSTIC_CATALOGUE.length} diagnostic ids, ${PROFILE_LIST.length} profiles, and ${lintRules.length} lint rules (promptc lint --list-rules).\n`;
}

export function runExplain(id: string | undefined, options: ExplainOptions, io: CliIO): number {
  const json = options.json === true;
  if (id === undefined) {
    io.stdout(listIds(json));
    return EXIT_OK;
  }
  const rule = lintRulesById.get(id);
  if (rule) {
    io.stdout(formatRuleExplain(rule, json));
    return EXIT_OK;
  }
  const profile = findProfile(id);
  if (profile) {
    io.stdout(json ? JSON.stringify(profileFacts(profile), null, 2) + "\n" : formatProfileExplain(profile));
    return EXIT_OK;
  }
  const info = findDiagnosticInfo(id);
  if (!info) {
    io.stderr(
      `promptc explain: unknown id '${id}' (promptc explain lists the diagnostic ids and profiles; promptc lint --list-rules the rules)\n`,
    );
    return EXIT_USAGE;
  }
  io.stdout(json ? JSON.stringify(info, null, 2) + "\n" : `${info.id}\n\n${info.summary}\n`);
  return EXIT_OK;
}

export const registerExplain: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("explain")
    .description(
      "explain a diagnostic id, a lint rule or a profile (without an id: list the diagnostic ids and profiles)",
    )
    .argument(
      "[id]",
      "a diagnostic id such as agents-md/truncated, a lint rule id such as skill/name-format, or a profile such as pi",
    )
    .option("--json", "print JSON")
    .action((id: string | undefined, options: ExplainOptions) => setExitCode(runExplain(id, options, io)));
};
