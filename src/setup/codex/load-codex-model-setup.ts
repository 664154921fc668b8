// Everything the codex profile needs to know about the model a turn runs, read at the edge: the catalogue
// ($CODEX_HOME/models_cache.json, else the calibration's), the installed Codex's version, the calibration for
// it, the resolved model, its layout and the calibrated prose. IO through the Host only.
import type { Host } from "../../host/host.js";
import { diagnostic, type Diagnostic, type Result } from "../../model/diagnostic.js";
import { mergeProse, type ProseEntry, type ProseSet } from "../../fragments/prose-set.js";
import {
  codexFamilyKey,
  calibratedFamilyFor,
  type CalibratedFamily,
  type CodexCalibration,
} from "./codex-calibration.js";
import {
  codexModelLayout,
  layoutFromFacts,
  parseCodexCatalogue,
  type LayoutOverrides,
  resolveCodexModel,
  type CodexCatalogue,
  type CodexModelLayout,
  type ResolvedCodexModel,
} from "../../profiles/codex-models/index.js";
import { codexProfileWithCatalogue } from "../../profiles/codex-models/codex-model-profile.js";
import { multiAgentToolsOf, type MultiAgentToolSpecs } from "../../profiles/codex-models/multi-agent-tools.js";
import type { Profile } from "../../profiles/profile.js";
import { codexProfile } from "../../profiles/codex.js";
import { isJsonObject } from "../../model/json-value.js";
import { findInstalledCodex, type InstalledCodex } from "../../discover/find-installed-codex.js";
import { loadCodexCalibration } from "./load-codex-calibration.js";
import type { CodexConfig } from "../../discover/parse-config.js";

export const MODELS_CACHE_FILE = "models_cache.json";
/** The diagnostic of the one line every verb using the codex profile prints when the versions disagree. */
export const VERSION_MISMATCH = "codex/version-mismatch";
const MODELS_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export interface CodexModelSetupOptions {
  codexHome: string;
  config: CodexConfig;
  /** `--model`. */
  model?: string;
  /** Version the profile targets (0.171.0). */
  targetVersion: string;
  /** Slug used when nothing names a model and no catalogue is known. */
  fallbackSlug: string;
  /** `--no-calibration`: stand-in prose even when a calibration exists (the catalogue still decides the layout). */
  noCalibration?: boolean;
  /** Look for an installed Codex (its version picks the calibration); default true. */
  findCodex?: boolean;
  /** `layout.json` of a calibrated prose dir (`--prose-dir`): the shape of the model its capture ran with. */
  layoutFacts?: { [key: string]: unknown };
  /** The host CODEX_HOME is on when it is not `host` (a scenario's virtual files; the cache stays on `host`). */
  codexHomeHost?: Host;
  /** The multi-agent version of the session being continued (its log's turn context): kept across a model switch. */
  sessionMultiAgentVersion?: string;
}

export interface CodexModelSetup {
  resolved: ResolvedCodexModel;
  layout: CodexModelLayout;
  profile: Profile<"envelopes">;
  catalogue?: CodexCatalogue;
  installed?: InstalledCodex;
  calibration?: { calibration: CodexCalibration; file: string; family?: CalibratedFamily };
  /** One line when the installed Codex, the profile's target and the calibration disagree on the version. */
  versionLine?: string;
}

function readCatalogueFile(host: Host, path: string, diagnostics: Diagnostic[]): CodexCatalogue | undefined {
  const r = host.readBytes(path, { maxBytes: MODELS_CACHE_MAX_BYTES + 1 });
  if (!r.ok) return undefined;
  const parsed = parseCodexCatalogue(new TextDecoder().decode(r.value.bytes), path);
  diagnostics.push(...parsed.diagnostics);
  return parsed.value.models.length > 0 ? parsed.value : undefined;
}

function familyDrift(
  cal: CodexCalibration,
  slug: string,
  family: CalibratedFamily | undefined,
  catalogue: CodexCatalogue | undefined,
  source: string,
): Diagnostic | undefined {
  if (!family || !catalogue || source === "calibration") return undefined;
  const calEntries =
    isJsonObject(cal.catalogue) && Array.isArray(cal.catalogue.models) ? cal.catalogue.models.filter(isJsonObject) : [];
  const calEntry = calEntries.find((e) => e.slug === slug);
  const raw = catalogue.raw?.find((e) => e.slug === slug);
  if (!calEntry || !raw || codexFamilyKey(calEntry) === codexFamilyKey(raw)) return undefined;
  return diagnostic(
    "calibration/catalogue-drift",
    "warning",
    `model ${slug}: ${source} describes it differently from the calibrated catalogue; calibrated texts may be out of date (run \`promptc calibrate --agent codex\`)`,
    { data: { model: slug } },
  );
}

export function loadCodexModelSetup(host: Host, options: CodexModelSetupOptions): Result<CodexModelSetup> {
  const diagnostics: Diagnostic[] = [];
  const installed = options.findCodex === false ? undefined : findInstalledCodex(host);
  const wanted = installed?.version ?? options.targetVersion;
  const cal = loadCodexCalibration(host, { version: wanted });
  diagnostics.push(...cal.diagnostics);
  const calibration = cal.value;

  let catalogue = readCatalogueFile(
    options.codexHomeHost ?? host,
    `${options.codexHome}/${MODELS_CACHE_FILE}`,
    diagnostics,
  );
  let source = catalogue ? MODELS_CACHE_FILE : "";
  if (!catalogue && calibration) {
    const parsed = parseCodexCatalogue(
      JSON.stringify(calibration.calibration.catalogue),
      `calibration ${calibration.file}`,
    );
    if (parsed.value.models.length > 0) {
      catalogue = parsed.value;
      source = "calibration";
    }
  }
  const { config } = options;
  const captured = options.layoutFacts !== undefined ? layoutFromFacts(options.layoutFacts) : undefined;
  const resolved = resolveCodexModel({
    ...(options.model !== undefined ? { flag: options.model } : {}),
    ...(config.model !== undefined && config.modelSource === "profile" ? { configProfileModel: config.model } : {}),
    ...(config.model !== undefined && config.modelSource !== "profile" ? { configModel: config.model } : {}),
    ...(catalogue ? { catalogue } : {}),
    fallbackSlug: options.fallbackSlug,
    ...(captured !== undefined ? { capturedSlug: captured.slug } : {}),
  });
  const fromCapture =
    resolved.entry === undefined && captured !== undefined && captured.slug === resolved.slug ? captured : undefined;
  diagnostics.push(
    ...(fromCapture
      ? resolved.diagnostics.filter((d) => d.rule !== "model/not-in-catalogue" && d.rule !== "model/no-catalogue")
      : resolved.diagnostics),
  );
  const overrides: LayoutOverrides = {
    ...(config.modelReasoningEffort !== undefined ? { reasoningEffort: config.modelReasoningEffort } : {}),
    ...(config.modelReasoningSummary !== undefined ? { reasoningSummary: config.modelReasoningSummary } : {}),
    ...(config.modelVerbosity !== undefined ? { verbosity: config.modelVerbosity } : {}),
    ...(options.sessionMultiAgentVersion !== undefined ? { multiAgentVersion: options.sessionMultiAgentVersion } : {}),
  };
  const layout = fromCapture ?? codexModelLayout(resolved.slug, resolved.entry, overrides);

  const inUse = calibration && !options.noCalibration ? calibration.calibration : undefined;
  const profile = codexProfileWithCatalogue(codexProfile, {
    ...(catalogue ? { catalogue } : {}),
    overrides,
    ...(fromCapture ? { captured: fromCapture } : {}),
    ...(inUse ? { multiAgentTools: calibratedMultiAgentTools(inUse) } : {}),
    ...(inUse
      ? {
          toolsFor: (slug: string, inCatalogue: boolean) => {
            const f = calibratedFamilyFor(inUse, slug, inCatalogue);
            return f
              ? {
                  ...(f.requestTools ? { request: f.requestTools } : {}),
                  ...(f.additionalTools ? { inputItem: f.additionalTools } : {}),
                }
              : undefined;
          },
        }
      : {}),
  });
  const setup: CodexModelSetup = { resolved, layout, profile };
  if (catalogue) setup.catalogue = catalogue;
  if (installed) setup.installed = installed;
  if (calibration && options.noCalibration) {
    diagnostics.push(
      diagnostic(
        "calibration/off",
        "info",
        `--no-calibration: stand-in prose (the calibration ${calibration.file} is not used for prose)`,
      ),
    );
  } else if (calibration) {
    const family = calibratedFamilyFor(calibration.calibration, resolved.slug, resolved.entry !== undefined);
    setup.calibration = family ? { ...calibration, family } : { ...calibration };
    if (!family)
      diagnostics.push(
        diagnostic(
          "calibration/no-family",
          "info",
          `the calibration (${calibration.file}) has no texts for model ${resolved.slug}; its model-specific prose is stand-in`,
          { data: { model: resolved.slug } },
        ),
      );
    const drift = familyDrift(calibration.calibration, resolved.slug, family, catalogue, source);
    if (drift) diagnostics.push(drift);
  }
  const versions = [
    installed?.version !== undefined ? `installed Codex ${installed.version}` : undefined,
    `profile targets ${options.targetVersion}`,
    calibration && !options.noCalibration ? `calibration from ${calibration.calibration.codexVersion}` : undefined,
  ].filter((x): x is string => x !== undefined);
  const distinct = new Set(
    [
      installed?.version,
      options.targetVersion,
      options.noCalibration ? undefined : calibration?.calibration.codexVersion,
    ].filter((v) => v !== undefined),
  );
  if (distinct.size > 1) {
    setup.versionLine = `Codex versions differ: ${versions.join(", ")}; the request may differ from what the installed Codex sends`;
    diagnostics.unshift(diagnostic(VERSION_MISMATCH, "warning", setup.versionLine));
  }
  return { value: setup, diagnostics };
}

/** The multi-agent tools of each version, from whichever calibrated families sent them (verbatim). */
function calibratedMultiAgentTools(cal: CodexCalibration): MultiAgentToolSpecs {
  const specs: MultiAgentToolSpecs = {};
  for (const f of cal.families) {
    const seen = multiAgentToolsOf([...(f.requestTools ?? []), ...(f.additionalTools ?? [])]);
    specs.v1 ??= seen.v1;
    specs.v2 ??= seen.v2;
  }
  return specs;
}

/** The codex prose with the calibration's texts and tool lists laid over the stand-ins (origin `calibrated`). */
export function calibratedProse(base: ProseSet, setup: CodexModelSetup): ProseSet {
  const c = setup.calibration;
  return c ? proseWithFamily(base, c, c.family) : base;
}

/**
 * The prose another model of the catalogue renders with (the model a resumed session ran before this turn's
 * switch): the calibration's shared texts and that model's family.
 */
export function calibratedProseForModel(base: ProseSet, setup: CodexModelSetup, slug: string): ProseSet {
  const c = setup.calibration;
  if (!c) return base;
  const inCatalogue = setup.catalogue?.models.some((m) => m.slug === slug) ?? false;
  return proseWithFamily(base, c, calibratedFamilyFor(c.calibration, slug, inCatalogue));
}

function proseWithFamily(
  base: ProseSet,
  c: NonNullable<CodexModelSetup["calibration"]>,
  family: CalibratedFamily | undefined,
): ProseSet {
  const entries: { [id: string]: ProseEntry } = {};
  const add = (texts: { [id: string]: string }) => {
    for (const [id, source] of Object.entries(texts))
      entries[id] = { id, kind: "text", source, origin: "calibrated", path: c.file };
  };
  add(c.calibration.prose);
  if (family) add(family.prose);
  const merged = mergeProse(base, { entries });
  // The tool lists travel with the profile's per-model variants (a model switch changes them); only the origin here.
  if (family && (family.requestTools !== undefined || family.additionalTools !== undefined)) {
    merged.toolsOrigin = "calibrated";
    merged.toolsPath = c.file;
  }
  return merged;
}

/**
 * The base instructions a resumed session sends, from the text its session_meta logged: when that is the
 * catalogue's text for some model (the session's first one, whatever model this turn runs) and the calibration
 * holds what Codex really sends for that model (0.171.0 edits some catalogue texts before sending), the calibrated
 * text; else the logged one.
 */
export function sentBaseInstructionsFor(setup: CodexModelSetup | undefined, logged: string): string {
  const cal = setup?.calibration;
  if (!cal) return logged;
  const own = setup.resolved.entry?.baseInstructions === logged;
  const entry = own ? setup.resolved.entry : setup.catalogue?.models.find((m) => m.baseInstructions === logged);
  if (!entry) return logged;
  const family = own ? cal.family : calibratedFamilyFor(cal.calibration, entry.slug, true);
  return family?.prose["base-instructions"] ?? logged;
}

/**
 * The catalogue a preview would read without a codex binary: `$CODEX_HOME/models_cache.json` (the given home, else
 * $CODEX_HOME, else ~/.codex), else the cached calibration's.
 */
export function readKnownCatalogue(host: Host, codexHome?: string): CodexCatalogue | undefined {
  const diagnostics: Diagnostic[] = [];
  const home = codexHome ?? host.env("CODEX_HOME") ?? (host.home() !== undefined ? `${host.home()}/.codex` : undefined);
  const fromCache =
    home !== undefined ? readCatalogueFile(host, `${home}/${MODELS_CACHE_FILE}`, diagnostics) : undefined;
  if (fromCache) return fromCache;
  const cal = loadCodexCalibration(host).value;
  if (!cal) return undefined;
  const parsed = parseCodexCatalogue(JSON.stringify(cal.calibration.catalogue), `calibration ${cal.file}`).value;
  return parsed.models.length > 0 ? parsed : undefined;
}

/** The context window Codex's catalogue gives a model ($CODEX_HOME/models_cache.json, else the calibration's), if listed. */
export function catalogueContextWindow(host: Host, model: string, codexHome?: string): number | undefined {
  const catalogue = readKnownCatalogue(host, codexHome);
  const entry = catalogue?.models.find((m) => m.slug === model);
  return entry ? codexModelLayout(model, entry).contextWindow : undefined;
}
