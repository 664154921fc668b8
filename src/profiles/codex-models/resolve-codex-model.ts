// Which model a Codex turn runs, decided as Codex decides it: the `--model` flag, else the selected config
// profile's `model`, else config.toml's `model`, else the catalogue default. Pure.
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import { defaultCodexModel, findCodexModel, type CodexCatalogue, type CodexModelEntry } from "./codex-catalogue.js";

export type CodexModelSource = "flag" | "config-profile" | "config" | "catalogue-default" | "capture" | "no-catalogue";

export interface ResolveCodexModelOptions {
  flag?: string;
  /** `model` of the selected profile (`NAME.config.toml`). */
  configProfileModel?: string;
  /** Top-level `model` of config.toml. */
  configModel?: string;
  /** Undefined when no catalogue is known (no Codex, no calibration). */
  catalogue?: CodexCatalogue;
  /** Used when nothing names a model and there is no catalogue. */
  fallbackSlug: string;
  /** The model a calibrated capture ran with: the default when nothing names one and no catalogue is known. */
  capturedSlug?: string;
}

export interface ResolvedCodexModel {
  slug: string;
  source: CodexModelSource;
  /** The catalogue entry; undefined for a slug the catalogue does not list (Codex's fallback metadata). */
  entry?: CodexModelEntry;
  diagnostics: Diagnostic[];
}

export function resolveCodexModel(options: ResolveCodexModelOptions): ResolvedCodexModel {
  const { catalogue } = options;
  const named: [string | undefined, CodexModelSource][] = [
    [options.flag, "flag"],
    [options.configProfileModel, "config-profile"],
    [options.configModel, "config"],
  ];
  const hit = named.find(([slug]) => slug !== undefined && slug !== "");
  const diagnostics: Diagnostic[] = [];
  if (hit) {
    const slug = hit[0] as string;
    const entry = catalogue ? findCodexModel(catalogue, slug) : undefined;
    if (catalogue && !entry) {
      diagnostics.push(
        diagnostic(
          "model/not-in-catalogue",
          "warning",
          `model ${slug} is not in Codex's model catalogue (${catalogue.source}); Codex runs it with fallback metadata, so this preview uses the fallback layout`,
          {
            data: { model: slug, catalogue: catalogue.source },
          },
        ),
      );
    }
    return entry ? { slug, source: hit[1], entry, diagnostics } : { slug, source: hit[1], diagnostics };
  }
  const def = catalogue ? defaultCodexModel(catalogue) : undefined;
  if (def) return { slug: def.slug, source: "catalogue-default", entry: def, diagnostics };
  if (options.capturedSlug !== undefined) return { slug: options.capturedSlug, source: "capture", diagnostics };
  diagnostics.push(
    diagnostic(
      "model/no-catalogue",
      "info",
      `no model named and no Codex model catalogue known (run \`promptc calibrate --agent codex\` with Codex installed); assuming ${options.fallbackSlug}`,
      {
        data: { model: options.fallbackSlug },
      },
    ),
  );
  return { slug: options.fallbackSlug, source: "no-catalogue", diagnostics };
}
