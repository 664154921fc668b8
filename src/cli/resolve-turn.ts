// From parsed turn flags to a turn ready to compile: the Node host, the discovered turn context, the profile for
// the turn's model and the prose it renders (calibrated when the cache has it). Does IO.
import { resolve } from "node:path";
import { loadProse } from "../discover/load-prose.js";
import { loadTurnContext } from "../discover/load-turn-context.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Host } from "../host/host.js";
import { createNodeHost } from "../host/node-host.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { TurnContext } from "../model/turn-context.js";
import type { Profile } from "../profiles/index.js";
import type { CliIO } from "./io.js";
import { calibratedProse, type CodexModelSetup } from "./codex/load-codex-model-setup.js";
import { modelSetup } from "./codex/model-setup-for-turn.js";
import { predictSystemSkills } from "./codex/predict-system-skills.js";
import { cannotRead } from "../model/file-error.js";
import type { EnvelopeTurnFlags } from "./turn-flags.js";

/** A turn ready to compile: its context, the profile and the prose it renders. */
export interface ResolvedTurn {
  host: Host;
  ctx: TurnContext;
  profile: Profile<"envelopes">;
  prose: ProseSet;
  diagnostics: Diagnostic[];
  /** Profiles with a model catalogue (codex): the catalogue, calibration and layout of the turn's model. */
  setup?: CodexModelSetup;
}

/** A one-line reason for a diagnostic, naming its file unless the message already does. */
export function errorLine(d: Diagnostic): string {
  return `${d.file && !d.message.includes(d.file) ? `${d.file}: ` : ""}${d.message}`;
}

/** Loads the turn the flags describe through the Node host, or a one-line usage/config error. Does IO. */
export function resolveTurn(value: EnvelopeTurnFlags, io: CliIO): ResolvedTurn | { error: string } {
  let { profile } = value;
  const load = { ...value.load };
  const host = createNodeHost({ cwd: io.cwd, env: io.env });
  // A CODEX_HOME the user names must exist (a typo would otherwise silently mean "no config, no global docs").
  if (load.codexHome !== undefined) {
    const st = host.stat(resolve(io.cwd, load.codexHome));
    if (!st.ok) return { error: cannotRead(load.codexHome, st.error) };
    if (st.value.kind !== "directory") return { error: `--codex-home ${load.codexHome} is not a directory` };
  }
  // Codex: the model and its layout as Codex resolves them (flag, config, catalogue default), the calibration's
  // prose, and the system skills a never-started CODEX_HOME will get; a calibrated prose dir's layout.json too.
  const facts =
    value.proseDir !== undefined && profile.modelCatalogue !== undefined
      ? loadProse(host, profile.prose.bundled, { proseDir: value.proseDir }).value.layoutFacts
      : undefined;
  const model = modelSetup(
    host,
    profile,
    load,
    {
      ...(value.calibration === false ? { calibration: false } : {}),
      ...(facts ? { layoutFacts: facts } : {}),
      ...(value.sessionMultiAgentVersion !== undefined
        ? { sessionMultiAgentVersion: value.sessionMultiAgentVersion }
        : {}),
    },
    io.cwd,
  );
  if (model && "error" in model) return model;
  let turnHost: Host = host;
  const setupDiagnostics: Diagnostic[] = [];
  if (model) {
    profile = model.setup.profile;
    load.model = model.setup.resolved.slug;
    const predicted = predictSystemSkills(host, model.codexHome, model.setup);
    turnHost = predicted.host;
    setupDiagnostics.push(...model.diagnostics, ...predicted.diagnostics);
  }
  const loaded = loadTurnContext(turnHost, load);
  const error = loaded.diagnostics.find((d) => d.severity === "error");
  if (!loaded.value || error) return { error: error ? errorLine(error) : "cannot build the turn" };
  const prose = loadProse(host, profile.prose.bundled, {
    ...(value.proseDir !== undefined ? { proseDir: value.proseDir } : {}),
    ...(model ? { base: calibratedProse(loadProse(host, profile.prose.bundled).value, model.setup) } : {}),
  });
  const proseError = prose.diagnostics.find((d) => d.severity === "error");
  if (proseError) return { error: errorLine(proseError) };
  const turn: ResolvedTurn = {
    host: turnHost,
    ctx: loaded.value,
    profile,
    prose: prose.value,
    diagnostics: [...setupDiagnostics, ...loaded.diagnostics, ...prose.diagnostics],
  };
  if (model) turn.setup = model.setup;
  return turn;
}
