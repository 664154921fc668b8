// `promptc diff A.json B.json` / `promptc diff scenario.yaml --turns 3,4` / `promptc diff session.jsonl [--turns a,b]`:
// common prefix in items and tokens, first divergent item and byte, why, and the tokens a prefix cache reuses vs
// re-bills. Does IO (CLI edge).
import { dirname, resolve } from "node:path";
import type { Command } from "commander";
import { readSessionLogContent, SESSION_LOG_MAX_BYTES } from "../../session-log/read-session-log.js";
import { readInputText, tooLargeMessage } from "../read-input.js";
import { commonPrefix, explainPrefix } from "../../cache/common-prefix.js";
import type { ScenarioRequest } from "../../scenario/scenario-request.js";
import { cacheModelFor, OPENAI_CACHE_MODEL, type CacheModel } from "../../cache/cache-model.js";
import { parseRequest } from "../../cache/parse-request.js";
import { bodyAsRequest } from "../../cache/wire-body-as-request.js";
import type { RequestLike } from "../../cache/prompt-segments.js";
import { withoutSessionData } from "../../capture/without-session-data.js";
import { createNodeHost } from "../../host/node-host.js";
import { approxTokens } from "../../tokens/index.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { divergenceExcerpts, formatPrefixReport } from "../format/prefix-report.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { VERSION_MISMATCH } from "../../setup/index.js";
import { compileScenarioFile } from "../../scenario/compile-scenario-file.js";
import { requestsFromLog } from "../../session-log/requests-from-log.js";
import { cannotRead } from "../../model/file-error.js";
import type { Diagnostic } from "../../model/diagnostic.js";

interface DiffOptions {
  turns?: string;
  json?: boolean;
  approx?: boolean;
  ignoreSession?: boolean;
  minCacheable?: string;
  block?: string;
  color?: boolean;
}

type Loaded = { ok: true; label: string; request: RequestLike } | { ok: false; error: string };

/** A request body, or an object carrying one under `request` (compile / preview --json output); undefined if malformed. */
export function requestFromJson(value: unknown): RequestLike | undefined {
  const r = parseRequest(value);
  return r.ok ? r.request : undefined;
}

/** A read error about the resolved `path`, naming the file as the user gave it. */
function asGiven(error: string, path: string, label: string): string {
  const prefix = `cannot read ${path}:`;
  return error.startsWith(prefix) ? `cannot read ${label}:${error.slice(prefix.length)}` : error;
}

function loadRequestFile(path: string, label: string): Loaded {
  const read = readInputText(dirname(path), path);
  if (!read.ok) return { ok: false, error: asGiven(read.error, path, label) };
  const text = read.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    // V8 quotes the start of the text, raw newlines included: keep the reason on one line.
    return { ok: false, error: `${label} is not valid JSON: ${(err as Error).message.replace(/\r?\n/g, "\\n")}` };
  }
  // A Responses body, or Claude Code's, Gemini CLI's and pi's bodies as their prefix cache sees them.
  const request = bodyAsRequest(value);
  if (request !== undefined) return { ok: true, label, request };
  const r = parseRequest(value);
  return { ok: false, error: `${label} is not a request body: ${r.ok ? "" : r.problems.join("; ")}` };
}

function isScenarioFile(path: string): boolean {
  if (/\.ya?ml$/i.test(path)) return true;
  if (!/\.json$/i.test(path)) return false;
  try {
    const read = readInputText(dirname(path), path);
    if (!read.ok) return false;
    const v = JSON.parse(read.text) as { turns?: unknown };
    return Array.isArray(v.turns);
  } catch {
    return false;
  }
}

function parseTurns(
  spec: string | undefined,
  count: number,
  what = "turn",
  of = "the scenario",
): [number, number] | string {
  if (spec === undefined)
    return count < 2 ? `${of} has ${count === 1 ? "one" : "no"} ${what}: nothing to compare` : [count - 1, count];
  const m = /^(\d+),(\d+)$/.exec(spec.trim());
  if (!m) return `--turns expects two ${what} numbers like 3,4 (got '${spec}')`;
  const a = Number(m[1]);
  const b = Number(m[2]);
  for (const t of [a, b]) if (t < 1 || t > count) return `${what} ${t} is out of range (${of} has ${count} ${what}s)`;
  return [a, b];
}

/** Two requests of a session log (promptc's exact records, or a Codex rollout's approximate boundaries). */
function loadLogRequests(path: string, label: string, turns: string | undefined, io: CliIO): [Loaded, Loaded] | string {
  const readDiagnostics: Diagnostic[] = [];
  // The one session-log reader: the size cap, and a line over the line cap skipped with a warning.
  const read = readSessionLogContent(createNodeHost({ cwd: io.cwd, env: io.env }), path, readDiagnostics);
  if (!read) return asGiven(readDiagnostics[0]?.message ?? `cannot read ${path}`, path, label);
  if (read.truncated) return tooLargeMessage(label, SESSION_LOG_MAX_BYTES);
  const r = requestsFromLog(read.kind === "lines" ? read.lines : read.text, { file: path });
  const { requests, notes } = r.value;
  if (requests.length === 0)
    return `${label} is neither a scenario nor a session log with requests; to compare request bodies give two files`;
  const picked = parseTurns(turns, requests.length, "request", `the log`);
  if (typeof picked === "string") return picked;
  for (const d of [...readDiagnostics, ...r.diagnostics]) io.stderr(`${d.severity}: ${d.message}\n`);
  for (const note of notes) io.stderr(`note: ${note}\n`);
  const at = (k: number): Loaded => ({
    ok: true,
    label: `${label} request ${k} (line ${requests[k - 1]!.line})`,
    request: requests[k - 1]!.request,
  });
  return [at(picked[0]), at(picked[1])];
}

export const registerDiff: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("diff")
    .description(
      "compare two requests (or two turns of a scenario): common prefix, first divergence and why, cache reuse",
    )
    .argument("<a>", "request JSON file, a scenario file, or a session log (promptc run's JSONL or a Codex rollout)")
    .argument("[b]", "second request JSON file")
    .option(
      "--turns <a,b>",
      "with a scenario: the two turns to compare; with a session log: the two requests (default: the last two)",
    )
    .option("--json", "print a JSON report")
    .option(
      "--ignore-session",
      "compare without per-session data: item ids, prompt_cache_key, client_metadata (a capture against promptc's prediction)",
    )
    .option("--approx", "estimate tokens as ceil(bytes/4) instead of counting exactly (faster on huge requests)")
    .option(
      "--min-cacheable <tokens>",
      `shortest prefix a provider caches (default: the scenario's provider's, else OpenAI's ${OPENAI_CACHE_MODEL.minCacheableTokens})`,
    )
    .option(
      "--block <tokens>",
      `cache granularity beyond the minimum (default: the scenario's provider's, else OpenAI's ${OPENAI_CACHE_MODEL.blockTokens})`,
    )
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action((aArg: string, bArg: string | undefined, options: DiffOptions) => {
      const fail = (msg: string) => {
        io.stderr(`promptc diff: ${msg}\n`);
        setExitCode(EXIT_USAGE);
      };
      const min = Number(options.minCacheable ?? 0);
      const block = Number(options.block ?? 1);
      if (!Number.isInteger(min) || min < 0 || !Number.isInteger(block) || block < 1)
        return fail("--min-cacheable and --block take whole numbers (block ≥ 1)");
      // The provider's own cache model (a scenario's wire format decides it), with the flags laid over it.
      let provider: CacheModel = OPENAI_CACHE_MODEL;
      const style = createStyle(!options.json && colorFor(io, options.color));
      const aPath = resolve(io.cwd, aArg);
      let a: Loaded;
      let b: Loaded;
      if (bArg === undefined || options.turns !== undefined) {
        if (bArg !== undefined) return fail("give either two request files or one scenario with --turns");
        if (!isScenarioFile(aPath)) {
          const pair = loadLogRequests(aPath, aArg, options.turns, io);
          if (typeof pair === "string") return fail(pair);
          [a, b] = pair;
        } else {
          const host = createNodeHost({ cwd: io.cwd, env: io.env });
          const r = compileScenarioFile(host, aPath);
          if (!r.compiled) {
            for (const d of r.diagnostics.filter((x) => x.severity === "error"))
              io.stderr(`${formatDiagnostic(d, style, io.cwd)}\n`);
            return fail(`cannot compile scenario ${aArg}`);
          }
          for (const d of r.diagnostics.filter((x) => x.rule === VERSION_MISMATCH))
            io.stderr(`${formatDiagnostic(d, style, io.cwd)}\n`);
          const turns = parseTurns(options.turns, r.compiled.turns.length);
          if (typeof turns === "string") return fail(turns);
          const first: ScenarioRequest | undefined = r.compiled.turns[0];
          provider = cacheModelFor(first?.wire ?? "openai-responses");
          a = { ok: true, label: `${aArg} turn ${turns[0]}`, request: r.compiled.turns[turns[0] - 1]!.request };
          b = { ok: true, label: `${aArg} turn ${turns[1]}`, request: r.compiled.turns[turns[1] - 1]!.request };
        }
      } else {
        a = loadRequestFile(aPath, aArg);
        b = loadRequestFile(resolve(io.cwd, bArg), bArg);
      }
      if (!a.ok) return fail(a.error);
      if (!b.ok) return fail(b.error);
      const cacheModel: CacheModel = {
        ...provider,
        ...(options.minCacheable !== undefined ? { minCacheableTokens: min } : {}),
        ...(options.block !== undefined ? { blockTokens: block } : {}),
      };
      const [ra, rb] = options.ignoreSession
        ? [withoutSessionData(a.request), withoutSessionData(b.request)]
        : [a.request, b.request];
      const result = commonPrefix(ra, rb, {
        cacheModel,
        countTokens: options.approx ? approxTokens : tokenCounterOf(io).count,
      });
      const kept = result.divergence === null && result.partitionChanges.length === 0;
      const exit = kept ? EXIT_OK : EXIT_FINDINGS;
      if (options.json) {
        writeExact(
          io,
          `${JSON.stringify({ a: a.label, b: b.label, tokens: options.approx ? "approx" : "o200k_base", cacheModel, ...result, why: explainPrefix(result) }, null, 2)}\n`,
        );
      } else {
        const lines = formatPrefixReport(result, a.label, b.label, cacheModel, divergenceExcerpts(result, ra, rb));
        io.stdout(`${lines.map((l) => (l.startsWith("why:") && !kept ? style.yellow(l) : l)).join("\n")}\n`);
      }
      setExitCode(exit);
    });
};
