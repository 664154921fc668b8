// Runs the installed Codex offline in scratch folders to calibrate promptc: `--version`, `debug models`,
// `debug prompt-input` per sandbox × approval, and per model family one first turn and one compacted resume
// against the loopback capture server. Does IO (child_process, fs); the result is data for buildCodexCalibration.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexAdapter } from "../adapters/codex.js";
import {
  catalogueEntries,
  type CodexCalibrationRun,
  type FamilyRun,
  type PromptInputRun,
} from "../build-codex-calibration.js";
import type { CalibrateApproval, CalibrateInput } from "../calibrate-prose.js";
import { codexFamilyKey, FALLBACK_FAMILY, type CalibratedFile } from "../../setup/codex/codex-calibration.js";
import type { ReplyScript } from "../reply-script.js";
import { runCapture } from "./run-capture.js";
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../../model/permission-modes.js";

/** A slug no catalogue lists, so Codex runs it with its fallback metadata. */
export const FALLBACK_PROBE_SLUG = "promptc-calibration-unlisted-model";
/**
 * Codex 0.171.0 refuses `approval_policy = "untrusted"` ("no longer supported"), but gives that policy to a folder
 * whose `[projects."<path>"]` says `trust_level = "untrusted"` when nothing sets one: probed there, not by `-c`.
 */
export const TRUST_ONLY_APPROVALS: readonly CalibrateApproval[] = ["untrusted"];
const APPROVALS = APPROVAL_POLICIES.filter((a) => !TRUST_ONLY_APPROVALS.includes(a)) as CalibrateApproval[];
/** Reported usage that pushes the resumed turn over `model_auto_compact_token_limit`. */
const COMPACTION_USAGE_TOKENS = 60_000;
const COMPACTION_LIMIT = 5_000;
export const CALIBRATION_SUMMARY_TEXT = "promptc calibration summary";
/** System skill files kept in the calibration: what skill discovery reads. */
const SKILL_FILE = /(^|\/)SKILL\.md$|(^|\/)agents\/[^/]+\.ya?ml$/;
const SKILL_FILE_MAX_BYTES = 256 * 1024;

export interface RunCodexCalibrationOptions {
  codex: string;
  /** Environment to start from (PATH etc.); HOME and CODEX_HOME are replaced by scratch folders. */
  env: { [key: string]: string | undefined };
  onProgress?: (line: string) => void;
  timeoutMs?: number;
  /** Keep the scratch folder (debugging). */
  keepScratch?: boolean;
}

function run(
  bin: string,
  args: string[],
  cwd: string,
  env: { [k: string]: string },
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      bin,
      args,
      { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        const code = error
          ? typeof (error as { code?: unknown }).code === "number"
            ? (error as { code: number }).code
            : 1
          : 0;
        resolve({ stdout, stderr, code });
      },
    );
  });
}

const toolCount = (e: { experimental_supported_tools?: unknown }): number =>
  Array.isArray(e.experimental_supported_tools) ? e.experimental_supported_tools.length : 0;

function readSystemSkills(dir: string): CalibratedFile[] {
  const out: CalibratedFile[] = [];
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(join(dir, rel)).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const r = rel === "" ? name : `${rel}/${name}`;
      const st = statSync(join(dir, r), { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(r);
      else if (st.isFile() && SKILL_FILE.test(r) && st.size <= SKILL_FILE_MAX_BYTES)
        out.push({ path: r, text: readFileSync(join(dir, r), "utf8") });
    }
  };
  walk("");
  return out;
}

export async function runCodexCalibration(
  options: RunCodexCalibrationOptions,
): Promise<CodexCalibrationRun | { error: string }> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const progress = options.onProgress ?? (() => undefined);
  const root = mkdtempSync(join(tmpdir(), "promptc-calibrate-"));
  try {
    const ws = join(root, "workspace");
    const home = join(root, "home");
    const codexHome = join(root, "codex-home");
    // A folder of its own (no project root above it) marked untrusted, for the trust-only approval policy.
    const untrusted = join(root, "untrusted");
    for (const d of [ws, home, codexHome, untrusted, join(ws, ".git"), join(codexHome, "rules")])
      mkdirSync(d, { recursive: false });
    writeFileSync(
      join(codexHome, "config.toml"),
      `[projects.${JSON.stringify(untrusted)}]\ntrust_level = "untrusted"\n`,
    );
    // One approved prefix of our own, so the on-request text shows the approved-prefixes heading too.
    writeFileSync(
      join(codexHome, "rules", "default.rules"),
      'prefix_rule(pattern=["promptc-calibration-probe"], decision="allow")\n',
    );
    const env: { [k: string]: string } = {};
    for (const [k, v] of Object.entries(options.env))
      if (v !== undefined && !k.startsWith("CODEX_") && !k.startsWith("OPENAI_")) env[k] = v;
    Object.assign(env, { HOME: home, CODEX_HOME: codexHome, LANG: env.LANG ?? "C.UTF-8" });

    const version = await run(options.codex, ["--version"], ws, env, timeoutMs);
    const v = /(\d+\.\d+\.\d+[0-9A-Za-z.+-]*)/.exec(version.stdout)?.[1];
    if (version.code !== 0 || v === undefined)
      return {
        error: `${options.codex} --version did not print a version (${version.stderr.trim().split("\n")[0] ?? "no output"})`,
      };
    progress(`Codex ${v}: reading the model catalogue`);
    const models = await run(options.codex, ["debug", "models"], ws, env, timeoutMs);
    if (models.code !== 0)
      return { error: `codex debug models failed: ${models.stderr.trim().split("\n").at(-1) ?? ""}` };
    const entries = catalogueEntries(models.stdout);
    if (entries.length === 0) return { error: "codex debug models printed no models" };

    // Families: models sharing every field that shapes prose or tools; the default model's family first.
    const byKey = new Map<string, { models: string[]; priority: number }>();
    for (const e of entries) {
      const key = codexFamilyKey(e);
      const f = byKey.get(key) ?? { models: [], priority: Number.MAX_SAFE_INTEGER };
      f.models.push(String(e.slug));
      const p = typeof e.priority === "number" && e.visibility === "list" ? e.priority : Number.MAX_SAFE_INTEGER;
      f.priority = Math.min(f.priority, p);
      byKey.set(key, f);
    }
    const ordered = [...byKey.entries()].sort((a, b) => a[1].priority - b[1].priority);
    const defaultSlug = ordered[0]?.[1].models[0] ?? String(entries[0]?.slug);

    const promptInputs: PromptInputRun[] = [];
    for (const sandbox of SANDBOX_MODES) {
      for (const approval of [...APPROVALS, ...TRUST_ONLY_APPROVALS]) {
        progress(`prompt-input: ${sandbox}, ${approval}`);
        const byTrust = TRUST_ONLY_APPROVALS.includes(approval);
        const r = await run(
          options.codex,
          [
            "debug",
            "prompt-input",
            "-c",
            `model="${defaultSlug}"`,
            "-c",
            `sandbox_mode="${sandbox}"`,
            ...(byTrust ? [] : ["-c", `approval_policy="${approval}"`]),
            "calibration",
          ],
          byTrust ? untrusted : ws,
          env,
          timeoutMs,
        );
        if (r.code === 0) promptInputs.push({ sandbox, approval, stdout: r.stdout });
      }
    }

    // Codex's own multi-agent texts, for a session whose v2 version outlives a switch to a model without them.
    progress("prompt-input: multi-agent v2 on an unlisted model");
    const builtin = await run(
      options.codex,
      [
        "debug",
        "prompt-input",
        "-c",
        `model="${FALLBACK_PROBE_SLUG}"`,
        "-c",
        "features.multi_agent_v2=true",
        "calibration",
      ],
      ws,
      env,
      timeoutMs,
    );

    const families: FamilyRun[] = [];
    const targets: { key: string; models: string[]; slug: string }[] = [
      ...ordered.map(([key, f]) => ({ key, models: f.models, slug: f.models[0] as string })),
      { key: FALLBACK_FAMILY, models: [], slug: FALLBACK_PROBE_SLUG },
    ];
    for (const t of targets) {
      progress(`model family of ${t.slug}${t.models.length > 1 ? ` (${t.models.length} models)` : ""}`);
      const fam: FamilyRun = { key: t.key, models: t.models, slug: t.slug, requests: [] };
      families.push(fam);
      const cwd = join(ws, t.key);
      mkdirSync(cwd);
      const common = ["-c", `model="${t.slug}"`, "-c", `model_auto_compact_token_limit=${COMPACTION_LIMIT}`];
      const big: ReplyScript = {
        replies: [{ text: "Done.", toolCalls: [], usage: { inputTokens: COMPACTION_USAGE_TOKENS } }],
        fallback: { text: "Done.", toolCalls: [] },
      };
      const summary: ReplyScript = {
        replies: [{ text: CALIBRATION_SUMMARY_TEXT, toolCalls: [] }],
        fallback: { text: "Done.", toolCalls: [] },
      };
      const runs = [
        { argv: [options.codex, "exec", "--skip-git-repo-check", ...common, "calibration"], script: big },
        {
          argv: [options.codex, "exec", "--skip-git-repo-check", ...common, "resume", "--last", "calibration resumed"],
          script: summary,
        },
      ];
      for (const r of runs) {
        const cap = await runCapture({
          adapter: codexAdapter,
          argv: r.argv,
          cwd,
          env,
          script: r.script,
          maxTurns: 4,
          timeoutMs,
        });
        const model = cap.requests.filter((q) => q.reply.kind === "model" && q.decoded);
        if (model.length === 0) {
          fam.error = `codex exec sent no model request (exit ${String(cap.exitCode)}${cap.diagnostics[0] ? `; ${cap.diagnostics[0].message}` : ""})`;
          break;
        }
        for (const q of model) {
          const input: CalibrateInput = {
            file: `${t.slug} request ${fam.requests.length + 1}`,
            body: Buffer.from(q.body).toString("utf8"),
          };
          if (q.headers["user-agent"] !== undefined) input.userAgent = q.headers["user-agent"];
          if (q.reply.text !== undefined) input.replyText = q.reply.text;
          fam.requests.push(input);
        }
      }
    }
    // Session-update sentences: AGENTS.md replaced (another cwd) and withdrawn (deleted), a model switch between two
    // models of the same tool mode (a switch across tool modes compacts first in 0.171.0).
    progress("session updates: AGENTS.md replaced and withdrawn, model switch");
    const updates: CalibrateInput[] = [];
    const root2 = join(ws, "session-updates");
    const sub = join(root2, "b");
    for (const d of [root2, join(root2, ".git"), sub]) mkdirSync(d);
    writeFileSync(join(root2, "AGENTS.md"), "Calibration workspace notes.\n");
    writeFileSync(join(sub, "AGENTS.md"), "Calibration notes for b.\n");
    const classic = entries.filter((e) => e.tool_mode !== "code_mode_only").map((e) => String(e.slug));
    const switchTo = classic.find((s) => s !== FALLBACK_PROBE_SLUG);
    // `resume --last` only finds sessions of the same cwd: later steps resume the first one by its id.
    let session = "";
    const steps: { cwd: string; args: () => string[]; before?: () => void }[] = [
      { cwd: root2, args: () => ["-c", `model="${FALLBACK_PROBE_SLUG}"`, "calibration"] },
      { cwd: sub, args: () => ["-c", `model="${FALLBACK_PROBE_SLUG}"`, "resume", session, "calibration in b"] },
      {
        cwd: sub,
        args: () => ["-c", `model="${FALLBACK_PROBE_SLUG}"`, "resume", session, "calibration without docs"],
        before: () => [join(root2, "AGENTS.md"), join(sub, "AGENTS.md")].forEach((f) => rmSync(f)),
      },
      // …and back: the deferred namespaces the classic model listed are withdrawn.
      ...(switchTo !== undefined
        ? [
            { cwd: sub, args: () => ["-c", `model="${switchTo}"`, "resume", session, "calibration on another model"] },
            {
              cwd: sub,
              args: () => ["-c", `model="${FALLBACK_PROBE_SLUG}"`, "resume", session, "calibration back again"],
            },
          ]
        : []),
    ];
    await runSteps(
      steps,
      () => session,
      (id) => (session = id),
    );
    // Between two code-mode models of one compaction family: the default one, the one with the fewest experimental
    // tools (its switch withdraws tools and namespaces), and back (it declares them again).
    const codeMode = entries.filter((e) => e.tool_mode === "code_mode_only");
    const first = codeMode.find((e) => String(e.slug) === defaultSlug);
    const fewest = codeMode
      .filter((e) => e !== first && e.comp_hash === first?.comp_hash)
      .sort((a, b) => toolCount(a) - toolCount(b))[0];
    if (first !== undefined && fewest !== undefined) {
      progress("session updates: a switch between code-mode models and back");
      const root3 = join(ws, "code-mode-switch");
      for (const d of [root3, join(root3, ".git")]) mkdirSync(d);
      let codeSession = "";
      const on = (slug: unknown, message: string, resume: boolean) => ({
        cwd: root3,
        args: () => ["-c", `model="${String(slug)}"`, ...(resume ? ["resume", codeSession] : []), message],
      });
      await runSteps(
        [
          on(first.slug, "calibration", false),
          on(fewest.slug, "calibration on fewer tools", true),
          on(first.slug, "calibration on more tools", true),
        ],
        () => codeSession,
        (id) => (codeSession = id),
      );
    }
    const systemSkills = readSystemSkills(join(codexHome, "skills", ".system"));

    // Each step's last model request is a session update; the first names the session the others resume.
    async function runSteps(
      list: { cwd: string; args: () => string[]; before?: () => void }[],
      current: () => string,
      found: (id: string) => void,
    ): Promise<void> {
      for (const step of list) {
        step.before?.();
        const cap = await runCapture({
          adapter: codexAdapter,
          argv: [options.codex, "exec", "--skip-git-repo-check", ...step.args()],
          cwd: step.cwd,
          env,
          maxTurns: 4,
          timeoutMs,
        });
        const last = cap.requests.filter((q) => q.reply.kind === "model" && q.decoded).at(-1);
        if (!last) return;
        const body = Buffer.from(last.body).toString("utf8");
        if (current() === "") found(/"prompt_cache_key":"([^"]+)"/.exec(body)?.[1] ?? "");
        if (current() === "") return;
        updates.push({ file: `session update ${updates.length + 1}`, body });
      }
    }
    return {
      codexVersion: v,
      createdAt: new Date().toISOString(),
      catalogueText: models.stdout,
      promptInputs,
      ...(builtin.code === 0 ? { multiAgentPromptInput: builtin.stdout } : {}),
      families,
      systemSkills,
      sessionUpdates: updates,
    };
  } finally {
    if (!options.keepScratch) rmSync(root, { recursive: true, force: true });
  }
}
