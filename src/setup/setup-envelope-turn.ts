// A turn under a profile promptc lays out as envelopes, set up once for every verb: CODEX_HOME and config, the
// model and its layout as Codex resolves them (flag, config, catalogue, a calibrated prose dir's layout.json),
// the calibration's prose, the system skills a never-started CODEX_HOME will get, the approval entry point, then
// discovery and the prose. IO through the ports only.
import { loadProse } from "../discover/load-prose.js";
import { loadTurnContext, type LoadTurnContextOptions } from "../discover/load-turn-context.js";
import { resolvePath } from "../discover/paths.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { Host } from "../host/host.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { cannotRead } from "../model/file-error.js";
import type { TurnContext } from "../model/turn-context.js";
import type { Profile } from "../profiles/index.js";
import { calibratedProse, type CodexModelSetup } from "./codex/load-codex-model-setup.js";
import { modelSetup } from "./codex/model-setup-for-turn.js";
import { predictSystemSkills } from "./codex/predict-system-skills.js";
import { errorLine } from "./error-line.js";
import type { SetupPorts } from "./setup-ports.js";
import type { EnvelopeTurnInput } from "./turn-input.js";

/** A turn ready to compile: its context, the profile and the prose it renders. */
export interface ResolvedTurn {
  /** The host the turn was discovered on (with predicted system skills laid over it). */
  host: Host;
  ctx: TurnContext;
  profile: Profile<"envelopes">;
  prose: ProseSet;
  diagnostics: Diagnostic[];
  /** Profiles with a model catalogue (codex): the catalogue, calibration and layout of the turn's model. */
  setup?: CodexModelSetup;
}

/** Discovery's approval options for the entry point asked for (the profile's default one unless `interactive`). */
function approvalOptions(input: EnvelopeTurnInput): Pick<LoadTurnContextOptions, "approvalRules" | "otherApproval"> {
  const rules = input.profile.discovery.approval;
  if (rules === undefined) return {};
  const { interactive } = rules;
  if (interactive === undefined) return { approvalRules: rules.default };
  const chosen = input.interactive ? interactive : rules.default;
  if (input.describeApproval !== true) return { approvalRules: chosen };
  return {
    approvalRules: chosen,
    otherApproval: input.interactive
      ? { rules: rules.default, how: "preview without --tui" }
      : { rules: interactive, how: "--tui previews it" },
  };
}

/** Why a turn cannot be set up: one line, and every diagnostic said until then (the error among them). */
export interface TurnSetupFailure {
  error: string;
  diagnostics: Diagnostic[];
}

const failure = (error: string, diagnostics: Diagnostic[] = []): TurnSetupFailure => ({ error, diagnostics });

export function setupEnvelopeTurn(ports: SetupPorts, input: EnvelopeTurnInput): ResolvedTurn | TurnSetupFailure {
  const files = ports.files;
  const user = ports.user ?? files;
  let { profile } = input;
  const load: LoadTurnContextOptions = { ...input.load, ...approvalOptions(input) };
  // A CODEX_HOME the user names must exist (a typo would otherwise silently mean "no config, no global docs").
  if (load.codexHome !== undefined) {
    const st = files.stat(resolvePath(files.cwd(), load.codexHome, files.home()));
    if (!st.ok) return failure(cannotRead(load.codexHome, st.error));
    if (st.value.kind !== "directory") return failure(`--codex-home ${load.codexHome} is not a directory`);
  }
  // A calibrated prose dir's layout.json: the shape of the model its capture ran with.
  const facts =
    input.proseDir !== undefined && profile.modelCatalogue !== undefined
      ? loadProse(user, profile.prose.bundled, { proseDir: input.proseDir }).value.layoutFacts
      : undefined;
  const model = modelSetup({ files, user }, profile, load, {
    ...(input.calibration === false ? { calibration: false } : {}),
    ...(facts ? { layoutFacts: facts } : {}),
    ...(input.sessionMultiAgentVersion !== undefined
      ? { sessionMultiAgentVersion: input.sessionMultiAgentVersion }
      : {}),
  });
  if (model && "error" in model) return failure(model.error, model.diagnostics);
  let turnHost: Host = files;
  const setupDiagnostics: Diagnostic[] = [];
  if (model) {
    profile = model.setup.profile;
    load.model = model.setup.resolved.slug;
    const predicted = predictSystemSkills(files, model.codexHome, model.setup);
    turnHost = predicted.host;
    setupDiagnostics.push(...model.diagnostics, ...predicted.diagnostics);
  }
  // The overlay of predicted system skills is another host: its turn resolves the config itself.
  const loaded = loadTurnContext(turnHost, load, turnHost === files ? model?.known : undefined);
  const error = loaded.diagnostics.find((d) => d.severity === "error");
  if (!loaded.value || error)
    return failure(error ? errorLine(error) : "cannot build the turn", [...setupDiagnostics, ...loaded.diagnostics]);
  const prose = loadProse(user, profile.prose.bundled, {
    ...(input.proseDir !== undefined ? { proseDir: input.proseDir } : {}),
    ...(model ? { base: calibratedProse(loadProse(user, profile.prose.bundled).value, model.setup) } : {}),
  });
  const proseError = prose.diagnostics.find((d) => d.severity === "error");
  if (proseError) return failure(errorLine(proseError), [...setupDiagnostics, ...prose.diagnostics]);
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
