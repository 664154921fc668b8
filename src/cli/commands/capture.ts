// `promptc capture [options] -- <agent command…>`: run a real agent against a loopback fake model and show
// every request it sent, layer by layer. Does IO (CLI edge): files, child process, server.
import { constants as osConstants } from "node:os";
import { join, resolve } from "node:path";
import { Option, type Command } from "commander";
import { readInputText } from "../read-input.js";
import { AGENT_ADAPTERS, detectAdapter, getAdapter } from "../../capture/adapters/index.js";
import {
  firstWireDifference,
  formatWireDifference,
  withoutPatternRunIds,
  withoutRunIds,
} from "../../capture/compare-wire-bodies.js";
import type { CaptureRun, CapturedRequest } from "../../capture/captured-request.js";
import { OPENAI_CACHE_MODEL } from "../../cache/cache-model.js";
import { commonPrefix } from "../../cache/common-prefix.js";
import { withoutSessionData } from "../../capture/without-session-data.js";
import { buildRequestView, type RequestView } from "../../capture/request-view.js";
import type { CountTokens } from "../../tokens/count.js";
import { DEFAULT_SCRIPT, parseReplyScript, type ReplyScript } from "../../capture/reply-script.js";
import { runCapture } from "../../capture/server/run-capture.js";
import { makeDirectoriesNoFollow, writeFileNoFollow } from "../../host/write-no-follow.js";
import { formatRequestView } from "../format/capture-text.js";
import { diagnostic } from "../../model/diagnostic.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { divergenceExcerpts, formatPrefixReport } from "../format/prefix-report.js";
import { renderHtmlReport, sectionFromView } from "../format/html-report.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_FINDINGS, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import { requestFromJson } from "./diff.js";
import type { RegisterCommand } from "./register-command.js";
import { cannotWrite } from "../../model/file-error.js";

/** Context window used for shares when neither the user nor the adapter gives one (gpt-5 family in Codex). */
export const DEFAULT_CONTEXT_WINDOW = 272_000;

interface CaptureOptions {
  agent?: string;
  cwd?: string;
  /** Hidden alias of --cwd (the spelling Codex uses). */
  cd?: string;
  json?: boolean;
  out?: string;
  turns?: string;
  replyFile?: string;
  html?: string;
  isolated?: boolean;
  timeout?: string;
  compare?: string;
  contextWindow?: string;
  color?: boolean;
}

const decoder = new TextDecoder("utf-8");

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as text when it is valid UTF-8 (then byte-exact), else undefined. */
function bodyText(body: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(body);
  } catch {
    return undefined;
  }
}

function viewOf(
  req: CapturedRequest,
  dialect: Parameters<typeof buildRequestView>[1],
  countTokens: CountTokens,
): RequestView | undefined {
  if (req.reply.kind !== "model" && req.reply.kind !== "turn-limit") return undefined;
  if (!req.decoded) return undefined;
  const view = buildRequestView(decoder.decode(req.body), dialect, { countTokens });
  if (bodyText(req.body) === undefined)
    view.diagnostics.unshift(
      diagnostic(
        "capture/invalid-utf8",
        "warning",
        "request body is not valid UTF-8; shown with replacement characters (the saved body is the bytes as sent)",
      ),
    );
  return view;
}

/** The run as recorded: agent, command, outcome, diagnostics (shared by capture.json and --json). */
function runHeader(run: CaptureRun) {
  return {
    agent: run.agent,
    agentVersion: run.agentVersion ?? null,
    command: run.command,
    cwd: run.cwd,
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    diagnostics: run.diagnostics,
  };
}

function requestHeader(r: CapturedRequest) {
  return {
    seq: r.seq,
    method: r.method,
    url: r.url,
    encoding: r.encoding,
    decoded: r.decoded,
    reply: r.reply,
    diagnostics: r.diagnostics,
  };
}

/**
 * `-o dir`: NNN.request.json (byte-exact body), NNN.headers.json (redacted), capture.json (index). No link
 * below `base` (the working directory the folder was named from) is followed.
 */
export function writeCaptureDir(dir: string, run: CaptureRun, base: string = dir): void {
  makeDirectoriesNoFollow(dir, base);
  const requests = run.requests.map((r) => {
    const name = String(r.seq).padStart(3, "0");
    // An undecoded body keeps its encoding as the extension (made safe for a file name).
    const ext = r.decoded ? "request.json" : `request.${r.encoding.replace(/[^A-Za-z0-9-]/g, "_")}`;
    writeFileNoFollow(join(dir, `${name}.${ext}`), r.body, base);
    writeFileNoFollow(join(dir, `${name}.headers.json`), JSON.stringify(r.headers, null, 2) + "\n", base);
    return { ...requestHeader(r), file: `${name}.${ext}`, bytes: r.body.length };
  });
  writeFileNoFollow(join(dir, "capture.json"), JSON.stringify({ ...runHeader(run), requests }, null, 2) + "\n", base);
}

function runToJson(run: CaptureRun): string {
  const requests = run.requests.map((r) => {
    // The raw body text, byte-exact, when it is UTF-8; base64 otherwise (never a lossy decode).
    const text = r.decoded ? bodyText(r.body) : undefined;
    return {
      ...requestHeader(r),
      headers: r.headers,
      ...(text !== undefined ? { body: text } : { bodyBase64: Buffer.from(r.body).toString("base64") }),
    };
  });
  return JSON.stringify({ ...runHeader(run), requests }, null, 2) + "\n";
}

const hasInputArray = (v: unknown) =>
  v !== null && typeof v === "object" && Array.isArray((v as { input?: unknown }).input);

function positiveInt(value: string | undefined, name: string): number | undefined | Error {
  if (value === undefined) return undefined;
  const v = Number(value);
  return Number.isInteger(v) && v > 0 ? v : new Error(`${name} must be a positive integer, got '${value}'`);
}

/** A file named on the command line, relative to cwd; an Error with the reason when it cannot be read. */
function readArgFile(cwd: string, file: string): string | Error {
  const read = readInputText(cwd, file);
  return read.ok ? read.text : new Error(read.error);
}

export const registerCapture: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("capture")
    .description("run an agent against a loopback fake model and show the exact requests it sends (no network, no key)")
    .argument(
      "<command...>",
      "the agent command line (options after the agent's name are the agent's own; `--` is optional)",
    )
    // Everything from the agent's name on belongs to the agent: `promptc capture codex exec -s read-only "hi"`.
    .passThroughOptions()
    .option(
      "--agent <id>",
      `agent adapter: ${AGENT_ADAPTERS.map((a) => a.id).join(", ")} (default: from the command name)`,
    )
    .option("-C, --cwd <dir>", "run the agent in this directory (default: the current directory)")
    .addOption(new Option("--cd <dir>").hideHelp())
    .option("--json", "print the capture (headers redacted, raw bodies) as JSON")
    .option("-o, --out <dir>", "write NNN.request.json (byte-exact bodies), NNN.headers.json and capture.json")
    .option("--turns <n>", "answer at most n model requests; later ones get an error")
    .option("--reply-file <file>", "scripted replies (JSON or YAML): text, tool calls, usage, errors per request")
    .option("--html <file>", "write a self-contained HTML report")
    .option("--isolated", "run the agent with a scratch HOME and config folder")
    .option("--timeout <seconds>", "stop the agent after this long", "300")
    .option(
      "--compare <compiled.json>",
      "compare the first model request with a compiled request body, as promptc diff does (item ids, prompt_cache_key and client_metadata aside)",
    )
    .option(
      "--context-window <tokens>",
      `context window for shares (default: the agent's usual, else ${DEFAULT_CONTEXT_WINDOW})`,
    )
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action(async (argv: string[], options: CaptureOptions) => {
      const fail = (msg: string) => {
        io.stderr(`promptc capture: ${msg}\n`);
        setExitCode(EXIT_USAGE);
      };
      const command = argv[0];
      if (command === undefined) return fail('no agent command given (use: promptc capture -- codex exec "hi")');
      const adapter = options.agent !== undefined ? getAdapter(options.agent) : detectAdapter(command);
      if (!adapter)
        return fail(
          options.agent !== undefined
            ? `unknown agent '${options.agent}' (known: ${AGENT_ADAPTERS.map((a) => a.id).join(", ")})`
            : `cannot tell which agent '${command}' is; pass --agent ${AGENT_ADAPTERS.map((a) => a.id).join("|")}`,
        );
      if (adapter.requiresIsolation !== undefined && options.isolated !== true)
        return fail(`${adapter.displayName} needs --isolated: ${adapter.requiresIsolation}`);
      const turns = positiveInt(options.turns, "--turns");
      const timeout = positiveInt(options.timeout, "--timeout");
      const window = positiveInt(options.contextWindow, "--context-window");
      for (const v of [turns, timeout, window]) if (v instanceof Error) return fail(v.message);
      const style = createStyle(colorFor(io, options.color));
      let script: ReplyScript = DEFAULT_SCRIPT;
      if (options.replyFile !== undefined) {
        const text = readArgFile(io.cwd, options.replyFile);
        if (text instanceof Error) return fail(text.message);
        const parsed = parseReplyScript(text, options.replyFile);
        const firstError = parsed.diagnostics.find((d) => d.severity === "error");
        if (firstError) return fail(firstError.message);
        script = parsed.value;
      }
      let compared: ReturnType<typeof requestFromJson>;
      // A body in another wire format (preview --profile claude-code|gemini-cli|pi --json) is compared as JSON.
      let comparedWire: unknown;
      if (options.compare !== undefined) {
        const text = readArgFile(io.cwd, options.compare);
        if (text instanceof Error) return fail(text.message);
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return fail(`${options.compare} is not valid JSON`);
        }
        compared = adapter.wireCompare === true ? undefined : requestFromJson(parsed);
        if (!compared) {
          // A Responses agent must be compared with a Responses body; other dialects take their own bodies.
          const needsInput =
            adapter.dialect === "responses" && (adapter.wireCompare !== true || !hasInputArray(parsed));
          if (needsInput || parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
            return fail(`${options.compare} is not a request body (no "input" array)`);
          comparedWire = parsed;
        }
      }
      const cwd = resolve(io.cwd, options.cwd ?? options.cd ?? ".");
      const runOptions: Parameters<typeof runCapture>[0] = {
        adapter,
        argv,
        cwd,
        env: io.env,
        isolated: options.isolated === true,
        script,
        timeoutMs: (timeout as number) * 1000,
        onAgentOutput: (t) => io.stderr(t),
      };
      if (typeof turns === "number") runOptions.maxTurns = turns;
      const run = await runCapture(runOptions);
      const contextWindow = (window as number | undefined) ?? adapter.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
      const countTokens = tokenCounterOf(io).count;
      const views = run.requests.map((r) => viewOf(r, adapter.dialect, countTokens));

      try {
        if (options.out !== undefined) writeCaptureDir(resolve(io.cwd, options.out), run, io.cwd);
        if (options.html !== undefined) {
          const sections = run.requests.flatMap((r, i) => {
            const v = views[i];
            return v ? [sectionFromView(v, `#${r.seq} ${r.method} ${r.url}`, contextWindow)] : [];
          });
          writeFileNoFollow(
            resolve(io.cwd, options.html),
            renderHtmlReport({ title: `promptc capture: ${argv.join(" ")}`, sections }),
            io.cwd,
          );
        }
      } catch (err) {
        // The capture itself is done; only saving it failed.
        return fail(
          cannotWrite((err as NodeJS.ErrnoException).path ?? options.out ?? options.html ?? "the capture", err),
        );
      }
      if (options.json) writeExact(io, runToJson(run));
      else {
        const blocks = run.requests.map((r, i) => formatRequestView(r, views[i], style, contextWindow));
        io.stdout(blocks.join("\n\n") + (blocks.length ? "\n" : ""));
      }
      let differs = false;
      if (comparedWire !== undefined) {
        const model = run.requests.filter((r) => r.reply.kind === "model");
        // Gemini CLI's routing call (non-streaming) comes first when no -m was given: compare the main request.
        const first = model.find((r) => !/:generateContent$/.test(r.url.split("?")[0] ?? "")) ?? model[0];
        let body: unknown;
        try {
          body = first?.decoded ? JSON.parse(decoder.decode(first.body)) : undefined;
        } catch {
          body = undefined;
        }
        if (body === undefined) {
          io.stderr(
            `promptc capture: --compare: ${first ? `request #${first.seq} is not JSON` : "no model request was captured"}\n`,
          );
          differs = true;
        } else {
          const blank = (v: unknown) => withoutRunIds(withoutPatternRunIds(v, adapter.runIdPatterns ?? []));
          const d = firstWireDifference(blank(body), blank(comparedWire));
          differs = d !== undefined;
          (options.json ? io.stderr : io.stdout)(
            formatWireDifference(d, `captured #${first?.seq ?? "?"}`, options.compare ?? "").join("\n") + "\n",
          );
        }
      }
      if (compared !== undefined) {
        const first = run.requests.find((r) => r.reply.kind === "model");
        let captured: ReturnType<typeof requestFromJson>;
        try {
          captured = first?.decoded ? requestFromJson(JSON.parse(decoder.decode(first.body))) : undefined;
        } catch {
          captured = undefined;
        }
        if (!captured) {
          io.stderr(
            `promptc capture: --compare: ${first ? `request #${first.seq} is not a Responses request body` : "no model request was captured"}\n`,
          );
          differs = true;
        } else {
          // One comparison for captures and session turns alike: the cache module's common prefix, on both sides
          // without the per-session data a prediction cannot know (item ids, prompt_cache_key, client_metadata).
          const [ca, cb] = [withoutSessionData(captured), withoutSessionData(compared)];
          const result = commonPrefix(ca, cb);
          differs = result.divergence !== null || result.itemsA !== result.itemsB || result.partitionChanges.length > 0;
          const lines = formatPrefixReport(
            result,
            `captured #${first?.seq ?? "?"} (session ids ignored)`,
            options.compare ?? "",
            OPENAI_CACHE_MODEL,
            divergenceExcerpts(result, ca, cb),
          );
          (options.json ? io.stderr : io.stdout)(lines.join("\n") + "\n");
        }
      }
      for (const d of run.diagnostics) io.stderr(formatDiagnostic(d, style) + "\n");
      const status = run.timedOut
        ? "timed out"
        : run.exitCode !== null
          ? `exit ${run.exitCode}`
          : run.signal
            ? `killed by ${run.signal}`
            : "did not start";
      const saved = options.out !== undefined ? `; saved to ${options.out}` : "";
      io.stderr(
        style.dim(
          `promptc capture: ${run.requests.length} request(s) from ${adapter.displayName}${run.agentVersion ? ` ${run.agentVersion}` : ""}; agent ${status}${saved}\n`,
        ),
      );
      if (run.diagnostics.some((d) => d.rule === "capture/spawn-failed")) return setExitCode(EXIT_USAGE);
      if (run.timedOut) return setExitCode(EXIT_FINDINGS);
      // Killed by a signal: the shell's convention, 128 + the signal number.
      const code = run.exitCode ?? 128 + (osConstants.signals[(run.signal ?? "SIGTERM") as NodeJS.Signals] ?? 15);
      // A model request whose body is not a JSON object is a finding: nothing downstream can read it.
      const unreadable = views.some((v) =>
        v?.diagnostics.some((d) => d.rule === "capture/invalid-json" || d.rule === "capture/unexpected-body"),
      );
      if (unreadable) io.stderr("promptc capture: a model request body is not valid JSON (see above)\n");
      setExitCode(code !== 0 ? code : differs || unreadable ? EXIT_FINDINGS : 0);
    });
};
