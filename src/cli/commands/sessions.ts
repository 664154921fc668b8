// `promptc sessions [FILE]`: what an agent's real session cost and why its cache missed — one session file of any
// format promptc reads, or (no FILE) every session in the user's homes, newest first, one row each. Does IO at
// the edge: reads the files (a listing streams them), the price table, writes --html; the report is pure.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { Command } from "commander";
import { findSessionFiles, type SessionFile } from "../../host/find-session-files.js";
import { createNodeHost } from "../../host/node-host.js";
import { readLogLines } from "../../host/read-log-lines.js";
import { writeFileNoFollow } from "../../host/write-no-follow.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { cannotRead, cannotWrite } from "../../model/file-error.js";
import { buildSessionReport } from "../../report/build-session-report.js";
import { parsePriceTable, type PriceTable } from "../../report/price-table.js";
import { renderSessionHtml } from "../../report/render-session-html.js";
import { renderSessionListText, renderSessionText, type SessionListRow } from "../../report/render-session-text.js";
import { SESSION_AGENTS, type SessionAgent } from "../../session-log/logged-session.js";
import { loggedSessionOfLines } from "../../session-log/logged-session-of-lines.js";
import { linesOfText } from "../../session-log/parse-rollout.js";
import {
  readSessionLogContent,
  SESSION_LOG_MAX_BYTES,
  SESSION_LOG_MAX_LINE_BYTES,
} from "../../session-log/read-session-log.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { createStyle } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";

interface SessionsOptions {
  json?: boolean;
  html?: string;
  prices?: string;
  home?: string;
  codexHome?: string;
  agent?: string;
  since?: string;
  progress?: boolean;
}

/** A listing with more files than this shows a progress line (on a terminal, or with --progress). */
const PROGRESS_MIN_FILES = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `--since`: an ISO date or time, or an age like `7d` / `12h`. */
export function parseSince(text: string, nowMs: number): number | undefined {
  const age = /^(\d+)([dh])$/.exec(text);
  if (age) return nowMs - Number(age[1]) * (age[2] === "d" ? DAY_MS : DAY_MS / 24);
  const t = Date.parse(text);
  return Number.isFinite(t) ? t : undefined;
}

function loadPrices(io: CliIO, path: string | undefined): PriceTable | undefined | { error: string } {
  if (path === undefined) return undefined;
  const full = resolve(io.cwd, path);
  let text: string;
  try {
    text = readFileSync(full, "utf8");
  } catch (err) {
    return { error: cannotRead(path, err as Error) };
  }
  const read = parsePriceTable(text, path);
  return read.value ?? { error: read.diagnostics.map((d) => d.message).join("; ") };
}

/** What bears on the report: unreadable or skipped lines (not what a reader says about rebuilding the next turn). */
const REPORTED_RULES = new Set([
  "session/malformed-line",
  "session/truncated-line",
  "session/line-too-long",
  "session/too-large",
  "session/invalid-utf8",
]);
const worthShowing = (d: Diagnostic) => d.severity === "error" || REPORTED_RULES.has(d.rule);

function reportFile(io: CliIO, file: string, options: SessionsOptions, prices: PriceTable | undefined): number {
  const diagnostics: Diagnostic[] = [];
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const path = resolve(io.cwd, file);
  const fail = (why: string) => {
    for (const d of diagnostics) io.stderr(`${formatDiagnostic(d, createStyle(false), io.cwd)}\n`);
    io.stderr(`promptc sessions: ${why}\n`);
    return EXIT_USAGE;
  };
  const size = host.stat(path);
  // A log over the whole-file cap is streamed: usage and events only (no request is rebuilt).
  const stream = size.ok && size.value.kind === "file" && size.value.size > SESSION_LOG_MAX_BYTES;
  const content = stream ? undefined : readSessionLogContent(host, path, diagnostics);
  if (!stream && content === undefined) return fail(`${file}: cannot be read`);
  const lines =
    content === undefined
      ? () => readLogLines(path, SESSION_LOG_MAX_LINE_BYTES)
      : content.kind === "lines"
        ? content.lines
        : () => linesOfText(content.text);
  const session = loggedSessionOfLines(lines, path, diagnostics, { scan: stream });
  if (stream && session !== undefined)
    session.notes.push(
      `the log is over ${SESSION_LOG_MAX_BYTES} bytes: it was streamed, and causes come from the events it records (no request rebuilt)`,
    );
  if (session === undefined)
    return fail(
      `${file}: not a session log promptc reads (a Codex rollout, a promptc log, or a Claude Code, Gemini CLI, pi or Copilot CLI session file)`,
    );
  const report = buildSessionReport(session, { file, ...(prices ? { prices } : {}) });
  for (const d of diagnostics.filter((x) => x.severity !== "info"))
    io.stderr(`${formatDiagnostic(d, createStyle(false), io.cwd)}\n`);
  if (options.html !== undefined) {
    try {
      writeFileNoFollow(resolve(io.cwd, options.html), renderSessionHtml(report), io.cwd);
    } catch (err) {
      return fail(cannotWrite(options.html, err as Error));
    }
  }
  if (options.json) writeExact(io, `${JSON.stringify(report, null, 2)}\n`);
  else io.stdout(renderSessionText(report));
  return EXIT_OK;
}

function listSessions(io: CliIO, options: SessionsOptions, prices: PriceTable | undefined): number {
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const home = options.home !== undefined ? resolve(io.cwd, options.home) : host.home();
  const codexHome =
    options.codexHome !== undefined
      ? resolve(io.cwd, options.codexHome)
      : (io.env.CODEX_HOME ?? (home !== undefined ? resolve(home, ".codex") : undefined));
  const claudeHome =
    options.home === undefined && io.env.CLAUDE_CONFIG_DIR !== undefined
      ? io.env.CLAUDE_CONFIG_DIR
      : home !== undefined
        ? resolve(home, ".claude")
        : undefined;
  const agents = options.agent?.split(",").map((a) => a.trim());
  const unknown = agents?.filter((a) => !SESSION_AGENTS.includes(a as SessionAgent));
  if (unknown !== undefined && unknown.length > 0) {
    io.stderr(`promptc sessions: unknown --agent ${unknown.join(", ")} (expected ${SESSION_AGENTS.join(", ")})\n`);
    return EXIT_USAGE;
  }
  let since: number | undefined;
  if (options.since !== undefined) {
    since = parseSince(options.since, host.clock().nowMs);
    if (since === undefined) {
      io.stderr(`promptc sessions: --since ${options.since}: expected a date (2026-01-31) or an age (7d, 12h)\n`);
      return EXIT_USAGE;
    }
  }
  const files = findSessionFiles(
    {
      ...(home !== undefined ? { home } : {}),
      ...(codexHome !== undefined ? { codexHome } : {}),
      ...(claudeHome !== undefined ? { claudeHome } : {}),
    },
    agents as SessionAgent[] | undefined,
  ).filter((f) => since === undefined || f.modifiedMs >= since);
  const progress = (options.progress === true || io.isTTY) && files.length > PROGRESS_MIN_FILES;
  const rows: SessionListRow[] = [];
  let skipped = 0;
  files.forEach((f: SessionFile, i) => {
    if (progress) io.stderr(`\rpromptc sessions: reading ${i + 1}/${files.length} files…`);
    const diagnostics: Diagnostic[] = [];
    let session: ReturnType<typeof loggedSessionOfLines>;
    try {
      session = loggedSessionOfLines(() => readLogLines(f.path, SESSION_LOG_MAX_LINE_BYTES), f.path, diagnostics, {
        scan: true,
      });
    } catch {
      session = undefined;
    }
    if (session === undefined || session.usage.usage.length === 0) {
      skipped++;
      return;
    }
    const shown = home !== undefined ? relative(home, f.path) : f.path;
    const report = buildSessionReport(session, {
      file: shown.startsWith("..") ? f.path : shown,
      ...(prices ? { prices } : {}),
    });
    // A row keeps the totals, not the requests: memory stays bounded however many sessions a home holds.
    rows.push({
      report: { ...report, requests: [], compactions: [] },
      modified: new Date(f.modifiedMs).toISOString(),
      bytes: f.bytes,
    });
  });
  if (progress) io.stderr("\n");
  if (options.json) {
    const sessions = rows.map(({ report: r, modified, bytes }) => ({
      file: r.file,
      agent: r.agent,
      ...(r.sessionId !== undefined ? { sessionId: r.sessionId } : {}),
      modified,
      bytes,
      totals: r.totals,
      ...(r.worstMiss !== undefined ? { worstMiss: r.worstMiss } : {}),
    }));
    writeExact(io, `${JSON.stringify({ sessions }, null, 2)}\n`);
  } else {
    io.stdout(renderSessionListText(rows, prices !== undefined));
    if (skipped > 0) io.stdout(`${skipped} file(s) without model requests left out\n`);
  }
  return EXIT_OK;
}

export function runSessions(io: CliIO, file: string | undefined, options: SessionsOptions): number {
  const prices = loadPrices(io, options.prices);
  if (prices !== undefined && "error" in prices) {
    io.stderr(`promptc sessions: --prices ${prices.error}\n`);
    return EXIT_USAGE;
  }
  if (file !== undefined) return reportFile(io, file, options, prices);
  if (options.html !== undefined) {
    io.stderr("promptc sessions: --html needs a session FILE\n");
    return EXIT_USAGE;
  }
  return listSessions(io, options, prices);
}

export const registerSessions: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("sessions")
    .description(
      "what your agents' real sessions cost and why the cache missed: one session file, or every session in your homes",
    )
    .argument(
      "[file]",
      "a session file (Codex rollout, Claude Code, Gemini CLI, pi or Copilot CLI session, promptc log)",
    )
    .option("--json", "print JSON (schema: promptc schema sessions)")
    .option("--html <file>", "write a self-contained HTML page with charts (with FILE)")
    .option(
      "--prices <file>",
      'price table (JSON: {"currency":"USD","models":{"<model>":{"input":…,"cached":…,"cacheWrite":…,"output":…}}}, per million tokens; "*" for any model)',
    )
    .option("--home <dir>", "the home to list sessions from (default: yours)")
    .option("--codex-home <dir>", "Codex's home (default: $CODEX_HOME or ~/.codex)")
    .option("--agent <names>", `only these agents (${SESSION_AGENTS.join(", ")}; comma-separated)`)
    .option("--since <when>", "only sessions modified since a date (2026-01-31) or within an age (7d, 12h)")
    .option("--progress", "show the progress line on a large home even when stderr is not a terminal")
    .action((file: string | undefined, options: SessionsOptions) => setExitCode(runSessions(io, file, options)));
};
