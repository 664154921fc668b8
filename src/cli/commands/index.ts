// The registry of CLI verbs: each verb's line in `promptc --help` and a loader of its module, so a run loads only
// the verb it runs and `--help` loads none (start-up cost matters: editor saves and hooks run these). One entry
// per verb; a test checks each entry's usage and description against what its module registers. Pure.
import type { RegisterCommand } from "./register-command.js";

export interface VerbEntry {
  /** The verb's arguments as commander prints them after its name (`[options] [file]`). */
  readonly usage: string;
  readonly description: string;
  /** Imports the verb's module; nothing of it is evaluated before. */
  readonly load: () => Promise<RegisterCommand>;
}

export const commands: { readonly [verb: string]: VerbEntry } = {
  preview: {
    usage: "[options] [message...]",
    description: "show the exact request the next turn would send from a directory, layer by layer",
    load: async () => (await import("./preview.js")).registerPreview,
  },
  tokens: {
    usage: "[options] [file]",
    description: "count the exact tokens of a file or standard input",
    load: async () => (await import("./tokens.js")).registerTokens,
  },
  lint: {
    usage: "[options] [paths...]",
    description:
      "lint AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Cursor rules, SKILL.md, Codex config.toml and .rules, templates, simulating what each harness loads",
    load: async () => (await import("./lint.js")).registerLint,
  },
  schema: {
    usage: "[which]",
    description:
      "print a JSON Schema: 'config' (promptc.yaml lint configuration), 'lint-result' (lint --format json) or 'sessions' (sessions --json)",
    load: async () => (await import("./schema.js")).registerSchema,
  },
  explain: {
    usage: "[options] [id]",
    description:
      "explain a diagnostic id, a lint rule or a profile (without an id: list the diagnostic ids and profiles)",
    load: async () => (await import("./explain.js")).registerExplain,
  },
  run: {
    usage: "[options] [message...]",
    description:
      "run one agent turn against a Responses-compatible server: stream the reply, run tools, log the session",
    load: async () => (await import("./run.js")).registerRun,
  },
  snapshot: {
    usage: "[options] [scenario...]",
    description:
      "compile scenarios and compare each request with snapshots/<scenario>/; check the cache-prefix invariant",
    load: async () => (await import("./snapshot.js")).registerSnapshot,
  },
  diff: {
    usage: "[options] <a> [b]",
    description:
      "compare two requests (or two turns of a scenario): common prefix, first divergence and why, cache reuse",
    load: async () => (await import("./diff.js")).registerDiff,
  },
  compact: {
    usage: "[options] <log>",
    description:
      "dry-run compaction on a session log (Codex rollout, promptc session log, request body, item list) or a scenario",
    load: async () => (await import("./compact.js")).registerCompact,
  },
  capture: {
    usage: "[options] <command...>",
    description: "run an agent against a loopback fake model and show the exact requests it sends (no network, no key)",
    load: async () => (await import("./capture.js")).registerCapture,
  },
  calibrate: {
    usage: "[options] [captures...]",
    description:
      "extract prose (base instructions, preambles, permission texts, session-update sentences, tool descriptions) from captures into a --prose-dir",
    load: async () => (await import("./calibrate.js")).registerCalibrate,
  },
  agents: {
    usage: "[options]",
    description:
      "show what each coding agent (codex, claude-code, gemini-cli, pi, copilot) loads from a directory, which files none loads, and which agents are installed",
    load: async () => (await import("./agents.js")).registerAgents,
  },
  sessions: {
    usage: "[options] [file]",
    description:
      "what your agents' real sessions cost and why the cache missed: one session file, or every session in your homes",
    load: async () => (await import("./sessions.js")).registerSessions,
  },
};
