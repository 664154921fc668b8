// A scenario's turns set up by the one turn setup (setup/): each turn's settings as the setup's input, on the
// scenario's files (virtual, or the disk without promptc's own folders) and a fixed machine. IO through the Host.
import { createHidingHost } from "../host/hiding-host.js";
import type { Host } from "../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { TurnContext } from "../model/turn-context.js";
import { getProfile, hasEnvelopeLayout } from "../profiles/index.js";
import {
  bareMachine,
  isEnvelopeTurn,
  setupTurn,
  type SetUpTurn,
  type SetupPorts,
  type TurnInput,
} from "../setup/index.js";
import { applyScenarioSettings } from "./compile-scenario.js";
import { scenarioHost } from "./load-scenario.js";
import { settingsAtTurn, VIRTUAL_CODEX_HOME, type Scenario } from "./scenario.js";

/** What a caller adds to a scenario's turns: the calibration switch and a calibrated prose dir (`--prose-dir`). */
export interface ScenarioSetupOptions {
  /** false: stand-in prose (`--no-calibration`). */
  calibration?: boolean;
  proseDir?: string;
  /**
   * promptc's own folders (absolute: the scenarios and their snapshots) the turns do not see, so a snapshot does
   * not change with itself or with other scenarios (Gemini CLI lists the folder tree). A folder holding a turn's
   * working directory stays visible.
   */
  hidden?: readonly string[];
}

/**
 * The machine a scenario's harness turns run on: named, with no git facts, nothing on PATH and no agent install
 * folder, so a snapshot does not change with the kernel, each commit or where an agent is installed.
 */
export const SCENARIO_MACHINE = bareMachine("linux", "Linux");

/** The ports a scenario's turns are set up with: its files (virtual or `host`), the user's `host`, a fixed machine. */
export function scenarioPorts(scenario: Scenario, host: Host, hidden: readonly string[] = []): SetupPorts {
  // What the turns read stays visible inside a hidden folder: the scenario's home (the way to it), and the whole
  // folder around a working directory.
  const cwds = [scenario.settings.cwd, ...scenario.turns.flatMap((t) => t.settings?.cwd ?? [])];
  const keep = [
    ...cwds,
    ...(scenario.home !== undefined ? [scenario.home] : []),
    ...(scenario.codexHome !== undefined ? [scenario.codexHome] : []),
  ];
  const files = createHidingHost(scenarioHost(scenario, host), scenario.files ? [] : hidden, keep, cwds);
  return { files, user: host, machine: SCENARIO_MACHINE };
}

/** What the one turn setup gets for turn `i` (0-based): the scenario's settings in force then. */
export function scenarioTurnInput(scenario: Scenario, i: number, options: ScenarioSetupOptions = {}): TurnInput {
  const s = settingsAtTurn(scenario, i);
  const turn = scenario.turns[i]!;
  const profile = getProfile(scenario.profile);
  const common = {
    ...(options.calibration === false ? { calibration: false } : {}),
  };
  if (!hasEnvelopeLayout(profile))
    return {
      profile,
      message: turn.user,
      cwd: s.cwd,
      sessionId: scenario.session.id,
      ...(scenario.home !== undefined ? { home: scenario.home } : {}),
      ...(s.model !== undefined ? { model: s.model } : {}),
      ...(s.date !== undefined ? { date: s.date } : {}),
      ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
      ...common,
    };
  const codexHome = scenario.codexHome ?? (scenario.files ? VIRTUAL_CODEX_HOME : undefined);
  return {
    profile,
    load: {
      cwd: s.cwd,
      ...(codexHome !== undefined ? { codexHome } : {}),
      ...(s.sandbox !== undefined ? { sandbox: s.sandbox } : {}),
      ...(s.approval !== undefined ? { approval: s.approval } : {}),
      ...(s.model !== undefined ? { model: s.model } : {}),
      sessionId: scenario.session.id,
      ...(s.date !== undefined ? { date: s.date } : {}),
      ...(s.timezone !== undefined ? { timezone: s.timezone } : {}),
      ...(s.shell !== undefined ? { shell: s.shell } : {}),
      message: turn.user,
      ...(turn.images ? { images: turn.images } : {}),
      decode: profile.discovery.decode,
      adminSkillsRoot: null,
    },
    ...(options.proseDir !== undefined ? { proseDir: options.proseDir } : {}),
    ...common,
  };
}

/** Every turn of the scenario set up by the one turn setup, in order; the first failure stops it. */
export function setupScenarioTurns(
  host: Host,
  scenario: Scenario,
  options: ScenarioSetupOptions = {},
): Result<SetUpTurn[] | undefined> {
  const ports = scenarioPorts(scenario, host, options.hidden);
  const diagnostics: Diagnostic[] = [];
  const said = new Set<string>();
  const turns: SetUpTurn[] = [];
  for (let i = 0; i < scenario.turns.length; i++) {
    const r = setupTurn(ports, scenarioTurnInput(scenario, i, options));
    // An error stops the scenario: say which scenario and turn it came from. What every turn's setup repeats
    // (the calibration in use, a version line) is said once.
    const failed = "error" in r;
    const own =
      failed && !r.diagnostics.some((d) => d.severity === "error")
        ? [...r.diagnostics, diagnostic("scenario/turn-setup", "error", r.error, { file: scenario.file })]
        : r.diagnostics;
    for (const d of own) {
      const key = `${d.rule}\u0000${d.file ?? ""}\u0000${d.message}`;
      if (d.severity !== "error" && said.has(key)) continue;
      said.add(key);
      diagnostics.push({
        ...d,
        ...(d.severity === "error" ? { message: `${scenario.file} turn ${i + 1}: ${d.message}` } : {}),
        data: { ...(d.data ?? {}), turn: i + 1 },
      });
    }
    if (failed) return { value: undefined, diagnostics };
    turns.push(isEnvelopeTurn(r) ? { ...r, ctx: applyScenarioSettings(r.ctx, settingsAtTurn(scenario, i)) } : r);
  }
  return { value: turns, diagnostics };
}

/** One TurnContext per turn of a scenario laid out as envelopes (its turns as the one turn setup loads them). */
export function loadScenarioContexts(
  host: Host,
  scenario: Scenario,
  options: ScenarioSetupOptions = {},
): Result<TurnContext[] | undefined> {
  const r = setupScenarioTurns(host, scenario, options);
  if (!r.value) return { value: undefined, diagnostics: r.diagnostics };
  const contexts = r.value.filter(isEnvelopeTurn).map((t) => t.ctx);
  return { value: contexts.length === r.value.length ? contexts : undefined, diagnostics: r.diagnostics };
}
