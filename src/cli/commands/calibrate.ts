// `promptc calibrate <captured.json|capture-dir…> --profile codex -o prose/`: extract the prose fragments from
// captures of the user's installed agent into a `--prose-dir`. Does IO (CLI edge): reads captures, writes files.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Command } from "commander";
import { getAdapter } from "../../capture/adapters/index.js";
import { calibrateProse, type CalibrateApproval, type CalibrateInput } from "../../capture/calibrate-prose.js";
import { makeDirectoriesNoFollow, writeFileNoFollow } from "../../host/write-no-follow.js";
import { formatDiagnostic } from "../format/format-diagnostic.js";
import { colorFor, createStyle } from "../format/style.js";
import { EXIT_OK, EXIT_USAGE, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { APPROVAL_POLICIES, isApprovalPolicy, unknownApprovalPolicy } from "../../model/permission-modes.js";
import { cannotRead, cannotWrite } from "../../model/file-error.js";

interface CalibrateCliOptions {
  profile: string;
  out?: string;
  approval: string;
  agentVersion?: string;
  color?: boolean;
}

function readUserAgent(headersFile: string): string | undefined {
  try {
    const h = JSON.parse(readFileSync(headersFile, "utf8")) as { [k: string]: unknown };
    return typeof h["user-agent"] === "string" ? h["user-agent"] : undefined;
  } catch {
    return undefined;
  }
}

function readText(file: string): string | { error: string } {
  try {
    return readFileSync(file, "utf8");
  } catch (err) {
    return { error: cannotRead(file, err) };
  }
}

type IndexEntry = { file: string; method: string; decoded: boolean; reply: { kind: string; text?: unknown } };

function isModelPost(r: unknown): r is IndexEntry {
  const e = r as Partial<IndexEntry> | null;
  return typeof e === "object" && e !== null && typeof e.file === "string" && e.method === "POST" && e.decoded === true && e.reply?.kind === "model";
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
  if (index === null || typeof index !== "object" || !Array.isArray(index.requests)) return `${indexFile} is not a capture index (no "requests" list)`;
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

export const registerCalibrate: RegisterCommand = (program: Command, io: CliIO, setExitCode) => {
  program
    .command("calibrate")
    .description("extract prose (base instructions, preambles, permission texts, session-update sentences, tool descriptions) from captures into a --prose-dir")
    .argument("<captures...>", "captured request bodies (NNN.request.json) or capture -o folders; first and resumed turns may be mixed (texts that differ between them are reported as conflicts, the first kept)")
    .option("--profile <id>", "profile the prose is for", "codex")
    .option("-o, --out <dir>", "prose directory to write")
    .option("--approval <policy>", `approval policy the captured turns ran with (${APPROVAL_POLICIES.join(", ")})`, "never")
    .option("--agent-version <v>", "agent version of the capture when its headers are not next to it")
    .option("--color", "force colours (default: on a terminal, unless NO_COLOR)")
    .option("--no-color", "no colours")
    .action((paths: string[], options: CalibrateCliOptions) => {
      const fail = (msg: string) => {
        io.stderr(`promptc calibrate: ${msg}\n`);
        setExitCode(EXIT_USAGE);
      };
      if (options.out === undefined) return fail("missing -o <dir> (the prose directory to write)");
      const adapter = getAdapter(options.profile);
      if (!adapter || adapter.profile !== options.profile) return fail(`profile '${options.profile}' cannot be calibrated from captures (supported: codex)`);
      if (!isApprovalPolicy(options.approval)) return fail(unknownApprovalPolicy(options.approval));
      const inputs: CalibrateInput[] = [];
      for (const p of paths) {
        const r = collectInputs(resolve(io.cwd, p));
        if (typeof r === "string") return fail(r);
        inputs.push(...r);
      }
      const calibOptions: Parameters<typeof calibrateProse>[1] = { approval: options.approval as CalibrateApproval };
      if (options.agentVersion !== undefined) calibOptions.agentVersion = options.agentVersion;
      if (adapter.targetVersion !== undefined) calibOptions.targetVersion = adapter.targetVersion;
      const result = calibrateProse(inputs, calibOptions);
      const style = createStyle(colorFor(io, options.color));
      for (const d of result.diagnostics) io.stderr(formatDiagnostic(d, style) + "\n");
      if (result.diagnostics.some((d) => d.severity === "error")) return setExitCode(EXIT_USAGE);
      const out = resolve(io.cwd, options.out);
      const meta = { profile: options.profile, agent: adapter.id, agentVersion: result.agentVersion ?? null, targetVersion: adapter.targetVersion ?? null, sources: result.sources };
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
      io.stderr(style.dim(`promptc calibrate: ${Object.keys(result.files).length} file(s) in ${out}; use them with --prose-dir ${options.out}\n`));
      setExitCode(EXIT_OK);
    });
};
