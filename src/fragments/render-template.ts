// Renders prose entries: Handlebars templates in an isolated, strict, no-escape instance with whitelisted
// helpers (none reads the clock or environment), or verbatim texts. Pure: compiled templates are kept only in a
// TemplateCache the caller creates and passes (a compile's, a session's), never in this module.
import Handlebars from "handlebars";
import HandlebarsRuntime from "handlebars/runtime.js";
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import { PRECOMPILED_TEMPLATES } from "./precompiled-templates.generated.js";
import type { ProseEntry } from "./prose-set.js";

const HELPERS: { [name: string]: (...args: unknown[]) => unknown } = {
  /** `{{join list ", "}}` */
  join: (list: unknown, sep: unknown) =>
    Array.isArray(list) ? list.map(String).join(typeof sep === "string" ? sep : ", ") : "",
  /** `{{#if (eq a b)}}` */
  eq: (a: unknown, b: unknown) => a === b,
  /** `{{backtickList roots}}` → `` `a`, `b` `` */
  backtickList: (list: unknown) => (Array.isArray(list) ? list.map((x) => "`" + String(x) + "`").join(", ") : ""),
};

/** An isolated environment with exactly our helpers (`log` writes to the console: not allowed in the pure core). */
function createEnvironment(from: typeof Handlebars): typeof Handlebars {
  const env = from.create();
  env.unregisterHelper("log");
  for (const [name, fn] of Object.entries(HELPERS)) env.registerHelper(name, fn as Handlebars.HelperDelegate);
  return env;
}

// Precompiled templates need only the runtime; the compiler's environment is made on the first template that
// is not a default one (the CLI bundle then loads the compiler lazily: esbuild.config.mjs). Both hold the same
// helpers, and partials are passed per call, so a template renders the same in either.
// (The runtime's typings describe the full package; at run time it has every method createEnvironment uses.)
// The two environments are configuration, the same for every input; both are created at their first template (a
// verb that renders none, such as lint or agents, never loads the runtime).
let runtime: typeof Handlebars | undefined;
let compiler: typeof Handlebars | undefined;

export const TEMPLATE_HELPERS: readonly string[] = Object.keys(HELPERS);

/**
 * What templates compile with; templates/generate-default-prose.mjs precompiles the defaults with the same.
 * (Typed from the compiler so the emitted .d.ts names no ambient Handlebars type.)
 */
export const TEMPLATE_COMPILE_OPTIONS: NonNullable<Parameters<typeof Handlebars.compile>[1]> = {
  strict: true,
  noEscape: true,
  knownHelpersOnly: true,
  knownHelpers: Object.fromEntries(Object.keys(HELPERS).map((n) => [n, true])),
};

/** Compiled templates by source, for renders that share one (`createTemplateCache()`). */
export interface TemplateCache {
  readonly compiled: Map<string, unknown>;
}

export function createTemplateCache(): TemplateCache {
  return { compiled: new Map() };
}

function compiled(source: string, cache: TemplateCache | undefined): Handlebars.TemplateDelegate {
  const known = cache?.compiled.get(source) as Handlebars.TemplateDelegate | undefined;
  if (known) return known;
  let t: Handlebars.TemplateDelegate;
  // The default templates come precompiled (no parse or code generation at run time); others compile here.
  const spec = PRECOMPILED_TEMPLATES.get(source);
  if (spec !== undefined)
    t = (runtime ??= createEnvironment(HandlebarsRuntime as unknown as typeof Handlebars)).template(spec);
  else {
    compiler ??= createEnvironment(Handlebars);
    t = compiler.compile(source, {
      ...TEMPLATE_COMPILE_OPTIONS,
      knownHelpers: { ...TEMPLATE_COMPILE_OPTIONS.knownHelpers },
    });
  }
  cache?.compiled.set(source, t);
  return t;
}

export interface RenderProseOptions {
  /** Where compiled templates are kept between renders; without one each render compiles its template. */
  templates?: TemplateCache;
  /** Extra variables visible to every template (extension point); the fragment's own data wins. */
  variables?: { [name: string]: unknown };
  /** Extra partials (extension point), `{{> name}}`. */
  partials?: { [name: string]: string };
}

export interface RenderedProse {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * Render one prose entry with `data`. A template error (missing variable, unknown helper, syntax) becomes an
 * error diagnostic and an empty text, never an exception.
 */
export function renderProse(
  entry: ProseEntry,
  data: { [name: string]: unknown },
  options: RenderProseOptions = {},
): RenderedProse {
  if (entry.kind === "text") return { text: entry.source, diagnostics: [] };
  try {
    const partials: { [name: string]: Handlebars.TemplateDelegate } = {};
    for (const [name, src] of Object.entries(options.partials ?? {})) partials[name] = compiled(src, options.templates);
    const text = compiled(entry.source, options.templates)({ ...(options.variables ?? {}), ...data }, { partials });
    return { text, diagnostics: [] };
  } catch (error) {
    const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    return {
      text: "",
      diagnostics: [
        diagnostic("template/render-failed", "error", `template ${entry.id} failed to render: ${message}`, {
          ...(entry.path !== undefined ? { file: entry.path } : {}),
          data: { template: entry.id },
        }),
      ],
    };
  }
}
