// The calibrated codex setup for scenario verbs (preview --scenario, snapshot, diff, compact): the profile with
// the catalogue's per-model layouts, the calibrated prose of the scenario's first model and the catalogue's
// default model for turns that name none. Does IO (through the Node host).
import { loadProse } from "../discover/load-prose.js";
import { calibratedProse, loadCodexModelSetup } from "../cli/codex/load-codex-model-setup.js";
import { defaultCodexConfig } from "../discover/parse-config.js";
import { DEFAULT_MODEL } from "../discover/load-turn-context.js";
import { resolveCodexHome } from "../discover/resolve-codex-home.js";
import type { Host } from "../host/host.js";
import type { ProseSet } from "../fragments/prose-set.js";
import { findProfile, hasEnvelopeLayout } from "../profiles/index.js";
import type { ScenarioSetup } from "../scenario/compile-scenario-file.js";
import type { Scenario } from "../scenario/scenario.js";

export interface ScenarioSetupOptions {
  /** false: stand-in prose (`--no-calibration`). */
  calibration?: boolean;
  proseDir?: string;
}

export function scenarioSetup(host: Host, options: ScenarioSetupOptions = {}): (scenario: Scenario) => ScenarioSetup {
  return (scenario) => {
    const profile = findProfile(String(scenario.profile));
    if (!profile || !hasEnvelopeLayout(profile)) return {};
    const prose = (base?: ProseSet) =>
      loadProse(host, profile.prose.bundled, {
        ...(options.proseDir !== undefined ? { proseDir: options.proseDir } : {}),
        ...(base ? { base } : {}),
      });
    if (profile.modelCatalogue !== "codex")
      return options.proseDir !== undefined ? { options: { profile, prose: prose().value } } : {};
    const home = resolveCodexHome(host, {
      cwd: host.cwd(),
      ...(scenario.codexHome !== undefined ? { codexHome: scenario.codexHome } : {}),
    }).value;
    const config = home?.loaded.config ?? defaultCodexConfig();
    const model = scenario.settings.model;
    const r = loadCodexModelSetup(host, {
      codexHome: home?.codexHome ?? "/nonexistent",
      config,
      ...(model !== undefined ? { model } : {}),
      targetVersion: profile.targetVersion ?? "",
      fallbackSlug: DEFAULT_MODEL,
      ...(options.calibration === false ? { noCalibration: true } : {}),
    });
    const withCalibration = calibratedProse(loadProse(host, profile.prose.bundled).value, r.value);
    const p = prose(withCalibration);
    const out: ScenarioSetup = {
      options: { profile: r.value.profile, prose: p.value },
      diagnostics: [...r.diagnostics, ...p.diagnostics],
    };
    if (model === undefined && config.model === undefined) out.defaultModel = r.value.resolved.slug;
    return out;
  };
}
