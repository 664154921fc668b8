// `promptc preview --scenario F --turn N`: the whole request a scenario turn sends, history included. Does IO.
import { resolve } from "node:path";
import { buildRequestView } from "../../../capture/request-view.js";
import { createNodeHost } from "../../../host/node-host.js";
import { DEFAULT_PROFILE_ID } from "../../../profiles/index.js";
import { profileContextWindow } from "../../../profiles/model-info.js";
import { sectionFromView } from "../../format/html-report.js";
import { provenanceOf, tableFromView } from "../../format/preview-report.js";
import { EXIT_USAGE, tokenCounterOf, type CliIO } from "../../io.js";
import { compileScenarioFile, isBodyScenario } from "../../../scenario/compile-scenario-file.js";
import { getProfile, hasEnvelopeLayout } from "../../../profiles/index.js";
import { emitBodyPreview } from "./emit-body-preview.js";
import { emitPreview } from "./emit-preview.js";
import { errorLine } from "./load-preview-turn.js";
import type { PreviewOptions } from "./preview-options.js";

export function runScenarioPreview(path: string, options: PreviewOptions, io: CliIO): number {
  const fail = (message: string) => (io.stderr(`promptc preview: ${message}\n`), EXIT_USAGE);
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  const loaded = compileScenarioFile(host, resolve(io.cwd, path), {
    ...(options.calibration === false ? { calibration: false } : {}),
    ...(options.proseDir !== undefined ? { proseDir: resolve(io.cwd, options.proseDir) } : {}),
  });
  const error = loaded.diagnostics.find((d) => d.severity === "error");
  if (!loaded.compiled || !loaded.scenario || error) return fail(error ? errorLine(error) : `cannot compile ${path}`);
  const { compiled, scenario } = loaded;
  const count = compiled.turns.length;
  const n = options.turn === undefined ? count : Number(options.turn);
  if (!Number.isInteger(n) || n < 1 || n > count) return fail(`--turn must be a whole number from 1 to ${count}`);
  // A harness's own body: its request as `preview --profile X` shows it.
  if (isBodyScenario(compiled)) {
    const profile = getProfile(scenario.profile);
    if (hasEnvelopeLayout(profile)) return fail(`cannot compile ${path}`);
    if (options.html !== undefined)
      return fail(`--html reads the envelope layout's manifest, which the ${profile.id} profile has not (use --json)`);
    const harness = compiled.turns[n - 1]!.harness;
    const cwd = scenario.settings.cwd;
    return emitBodyPreview({ ...harness, diagnostics: loaded.diagnostics }, { profile, cwd }, options, io);
  }
  const turns = compiled.turns;
  const turn = turns[n - 1]!;
  const profile = String(scenario.profile ?? DEFAULT_PROFILE_ID);
  // Scenarios render with the profile's bundled prose: stand-in wording for a harness whose prose we do not ship.
  const standIn = turn.manifest.fragments.some((f) => f.prose === "stand-in");
  const window = profileContextWindow(turn.session.profile, turn.request.model);
  const appended = turn.appended
    .map(
      (a) =>
        `input[${a.index}] (${a.reasons.map((r) => (r === "turn" ? "the turn's own item" : `${r} update`)).join(", ")})`,
    )
    .join(", ");
  const title = `promptc preview: scenario ${path}, turn ${n} of ${turns.length}`;
  // Every item of this request was compiled by this turn or an earlier one: their manifests say where it came from.
  const provenance = provenanceOf(turns.slice(0, n).map((t) => t.manifest));
  const cwd = turn.session.reference?.cwd ?? io.cwd;
  return emitPreview(
    {
      request: turn.request,
      bytes: turn.bytes,
      diagnostics: loaded.diagnostics,
      window,
      cwd,
      title,
      subtitle: `scenario ${path}, turn ${n} of ${turns.length}; this turn appended ${appended || "nothing"}`,
      table: () =>
        tableFromView(
          buildRequestView(turn.bytes, undefined, { countTokens: tokenCounterOf(io).count }),
          profile,
          turn.request.model,
          cwd,
          provenance,
        ),
      htmlSection: () =>
        sectionFromView(
          buildRequestView(turn.bytes, undefined, { countTokens: tokenCounterOf(io).count }),
          title,
          window.tokens,
          provenance,
          cwd,
        ),
    },
    options,
    io,
  );
}
