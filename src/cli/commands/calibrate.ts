// `promptc calibrate <captured.json|capture-dir…> --profile codex -o prose/`: extract the prose fragments from
// captures of the user's installed agent into a `--prose-dir`. Does IO (CLI edge): reads captures, writes files.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readInputText } from "../read-input.js";
import type { Command } from "commander";
import { getAdapter } from "../../capture/adapters/index.js";
import { calibrateProse, type CalibrateApproval, type CalibrateInput } from "../../capture/calibrate-prose.js";
import { captureSettings, unextractedProse } from "../../capture/capture-settings.js";
import { HARNESS_CALIBRATIONS } from "../../capture/harness-calibrations.js";
import { hasEnvelopeLayout, PROFILE_LIST } from "../../profiles/index.js";
import { makeDirectoriesNoFollow, writeFileNoFollow } from "../../host/write-no-follow.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";
import { runCalibrateAgent, type CalibrateAgentOptions } from "./calibrate-agent.js";
import type { RegisterCommand } from "./register-command.js";
import { APPROVAL_POLICIES, isApprovalPolicy, unknownApprovalPolicy } from "../../model/permission-modes.js";
import { appendAll } from "../../model/append-all.js";
import { cannotRead, cannotWrite } from "../../model/file-error.js";
import { createNodeHost } from "../../host/node-host.js";
import type { CodexCatalogue } from "../../profiles/codex-models/index.js";
import { catalogueWindowOf } from "../../capture/calibrate-layout.js";
import { readInstalledCatalogue } from "../codex/read-installed-catalogue.js";

interface CalibrateCliOptions {
  profile: string;
  out?: string;
  approval?: string;
  sandbox?: string;
  model?: string;
  agentVersion?: string;
  agent?: string;
  bin?: string;
  color?: boolean;
}

function readUserAgent(headersFile: string): string | undefined {
  try {
    const read = readInputText(dirname(headersFile), headersFile);
    if (!read.ok) return undefined;
    const h = JSON.parse(read.text) as { [k: string]: unknown };
    return typeof h["user-agent"] === "string" ? h["user-agent"] : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | { error: string } {
  const read = readInputText(dirname(file), file);
  return read.ok ? read.text : { error: read.error };
}

type IndexEntry = { file: string; method: string; decoded: boolean; reply: { kind: string; text?: unknown } };

function isModelPost(r: unknown): r is IndexEntry {
  const e = r as Partial<IndexEntry> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    typeof e.file === "string" &&
    e.method === "POST" &&
    e.decoded === true &&
    e.reply?.kind === "model"
  );
}

/** A capture file, or every decoded model POST of a `capture -o` folder (with the server's answer text). */
function collectInputs(path: string): CalibrateInput[] | string {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch (err) {
    return cannotRead(path, err);
  }
  if (!isDir) {
    const body = readText(path);
    if (typeof body !== "string") return body.error;
    const input: CalibrateInput = { file: path, body };
    const ua = readUserAgent(path.replace(/\.request\.json$/, ".headers.json"));
    if (ua !== undefined && path.endsWith(".request.json")) input.userAgent = ua;
    return [input];
  }
  const indexFile = join(path, "capture.json");
  if (!existsSync(indexFile)) return `${path} is a folder without capture.json (write one with promptc capture -o)`;
  const indexText = readText(indexFile);
  if (typeof indexText !== "string") return indexText.error;
  let index: { requests?: unknown };
  try {
    index = JSON.parse(indexText) as typeof index;
  } catch (err) {
    return `${indexFile} is not a capture index: ${(err as Error).message}`;
  }
  if (index === null || typeof index !== "object" || !Array.isArray(index.requests))
    return `${indexFile} is not a capture index (no "requests" list)`;
  const inputs: CalibrateInput[] = [];
  for (const r of index.requests.filter(isModelPost)) {
    const file = join(path, r.file);
    const body = readText(file);
    if (typeof body !== "string") return body.error;
    const input: CalibrateInput = { file, body };
    const ua = readUserAgent(file.replace(/\.request\.json$/, ".headers.json"));
    if (ua !== undefined) input.userAgent = ua;
    if (typeof r.reply.text === "string") input.replyText = r.reply.text;
    inputs.push(input);
  }
  return inputs;
}

/** The agents calibrated from their model catalogue: the profiles whose data names the Codex catalogue. */
function catalogueAgents(): string[] {
  return PROFILE_LIST.filter((p) => hasEnvelopeLayout(p) && p.modelCatalogue === "codex").map((p) => p.id);
}

export const registerCalibrate: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("calibrate")
    .description(
      "extract prose (base instructions, preambles, permission texts, session-update sentences, tool descriptions) from captures into a --prose-dir",
    )
    .argument(
      "[captures...]",
      "captured request bodies (NNN.request.json) or capture -o folders; first and resumed turns may be mixed (texts that differ between them are reported as conflicts, the first kept)",
    )
    .option("--profile <id>", "profile the prose is for", "codex")
    .option(
      "--agent <id>",
      `calibrate from your installed agent, run offline, into promptc's cache: ${catalogueAgents().join(", ")} (no captures, no flags: catalogue, prose and tools per model family), ${HARNESS_CALIBRATIONS.map((c) => c.adapter).join(", ")} (or from one capture given as the argument)`,
    )
    .option("--bin <path>", "with --agent: the agent's executable (default: found on PATH)")
    .option("-o, --out <dir>", "prose directory to write")
    .option(
      "--approval <policy>",
      `approval policy the captured turns ran with (${APPROVAL_POLICIES.join(", ")}; default: what the capture shows, else never)`,
    )
    .option(
      "--sandbox <mode>",
      "sandbox mode the capture ran with (checked against the capture; refused when it contradicts it)",
    )
    .option(
      "--model <slug>",
      "model the capture ran with (checked against the capture; refused when it contradicts it)",
    )
    .option("--agent-version <v>", "agent version of the capture when its headers are not next to it")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action(async (paths: string[], options: CalibrateCliOptions) => {
      // A profile whose request shape comes from the Codex catalogue is calibrated per model family.
      if (options.agent !== undefined && catalogueAgents().includes(options.agent)) {
        if (paths.length > 0) {
          io.stderr(
            `promptc calibrate: --agent ${options.agent} runs the agent itself; give either --agent ${options.agent} or captures, not both\n`,
          );
          return setExitCode(EXIT_USAGE);
        }
        const { runCalibrateCodexAgent } = await import("./calibrate-codex-agent.js");
        return setExitCode(
          await runCalibrateCodexAgent(
            {
              agent: "codex",
              ...(options.bin !== undefined ? { codex: options.bin } : {}),
              color: colorFor(io, options.color),
            },
            io,
          ),
        );
      }
      if (options.agent !== undefined) {
        if (paths.length > 1) {
          io.stderr("promptc calibrate: --agent takes at most one capture\n");
          return setExitCode(EXIT_USAGE);
        }
        const agentOptions: CalibrateAgentOptions = { agent: options.agent };
        if (options.bin !== undefined) agentOptions.bin = options.bin;
        if (paths[0] !== undefined) agentOptions.capture = paths[0];
        return setExitCode(await runCalibrateAgent(agentOptions, io));
      }
      if (paths.length === 0) {
        io.stderr("promptc calibrate: missing captures (or --agent X)\n");
        return setExitCode(EXIT_USAGE);
      }
      const fail = (msg: string) => {
        io.stderr(`promptc calibrate: ${msg}\n`);
        setExitCode(EXIT_USAGE);
      };
      if (options.out === undefined) return fail("missing -o <dir> (the prose directory to write)");
      const adapter = getAdapter(options.profile);
      if (!adapter || adapter.profile !== options.profile)
        return fail(`profile '${options.profile}' cannot be calibrated from captures (supported: codex)`);
      if (options.approval !== undefined && !isApprovalPolicy(options.approval))
        return fail(unknownApprovalPolicy(options.approval));
      const inputs: CalibrateInput[] = [];
      for (const p of paths) {
        const r = collectInputs(resolve(io.cwd, p));
        if (typeof r === "string") return fail(r);
        appendAll(inputs, r);
      }
      // The capture says what it ran with; a flag may confirm it, never override it.
      const seen = captureSettings(inputs);
      if (options.approval !== undefined && seen.approval !== undefined && options.approval !== seen.approval)
        return fail(`--approval ${options.approval} contradicts the capture: ${seen.approvalEvidence ?? ""}`);
      if (options.sandbox !== undefined && seen.sandbox !== undefined && options.sandbox !== seen.sandbox)
        return fail(`--sandbox ${options.sandbox} contradicts the capture, which ran with sandbox ${seen.sandbox}`);
      if (options.model !== undefined && seen.model !== undefined && options.model !== seen.model)
        return fail(`--model ${options.model} contradicts the capture, which ran model ${seen.model}`);
      const approval = (options.approval ?? seen.approval ?? "never") as CalibrateApproval;
      // The model's windows are not in a request: the catalogue (or `codex debug models`) gives them, once.
      let catalogue: CodexCatalogue | null | undefined;
      const calibOptions: Parameters<typeof calibrateProse>[1] = {
        approval,
        modelWindow: (model) => {
          if (catalogue === undefined)
            catalogue = readInstalledCatalogue(createNodeHost({ cwd: io.cwd, env: io.env }), io.env) ?? null;
          return catalogue ? catalogueWindowOf(catalogue, model) : undefined;
        },
      };
      if (options.agentVersion !== undefined) calibOptions.agentVersion = options.agentVersion;
      if (adapter.targetVersion !== undefined) calibOptions.targetVersion = adapter.targetVersion;
      const result = calibrateProse(inputs, calibOptions);
      const style = createStyle(colorFor(io, options.color));
      for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, style) + "\n");
      if (result.diagnostics.some((d) => d.severity === "error")) return setExitCode(EXIT_USAGE);
      const out = resolve(io.cwd, options.out);
      const missing = unextractedProse(result.files, result.layout);
      const settings = {
        sandbox: seen.sandbox ?? options.sandbox ?? null,
        approval,
        model: seen.model ?? options.model ?? result.layout?.model ?? null,
      };
      const meta = {
        profile: options.profile,
        agent: adapter.id,
        agentVersion: result.agentVersion ?? null,
        targetVersion: adapter.targetVersion ?? null,
        settings,
        sources: result.sources,
        missing,
      };
      try {
        makeDirectoriesNoFollow(out, io.cwd);
        for (const [name, text] of Object.entries(result.files)) {
          writeFileNoFollow(join(out, name), text, io.cwd);
          io.stdout(`${name}  ${Buffer.byteLength(text)} bytes\n`);
        }
        writeFileNoFollow(join(out, "calibration.json"), JSON.stringify(meta, null, 2) + "\n", io.cwd);
      } catch (err) {
        return fail(cannotWrite((err as NodeJS.ErrnoException).path ?? options.out, err));
      }
      if (missing.length > 0)
        io.stderr(`promptc calibrate: not in these captures (stand-ins remain): ${missing.join(", ")}\n`);
      if (missing.includes("context-window"))
        io.stderr(
          "promptc calibrate: no model catalogue to take the context window from (no models_cache.json, calibration or installed codex); previews use the fallback 272,000 tokens\n",
        );
      io.stderr(
        style.dim(
          `promptc calibrate: ${Object.keys(result.files).length} file(s) in ${out} (model ${settings.model ?? "unknown"}, sandbox ${settings.sandbox ?? "unknown"}, approval ${approval}); use them with --prose-dir ${options.out}\n`,
        ),
      );
      setExitCode(EXIT_OK);
    });
};
