// A price table the user gives (`promptc sessions --prices FILE`): per model, the price of uncached input,
// cached input, cache writes and output per million tokens; `*` matches any model not listed. No network, no
// built-in prices. Pure.
import { diagnostic, type Diagnostic, type Result } from "../model/diagnostic.js";
import type { LoggedUsage } from "../model/logged-usage.js";

export interface ModelPrices {
  input: number;
  cached?: number;
  cacheWrite?: number;
  output: number;
}

export interface PriceTable {
  currency: string;
  /** Prices are per this many tokens (default 1,000,000). */
  per: number;
  models: { [model: string]: ModelPrices };
}

const TOKENS_PER_PRICE = 1_000_000;
const isObj = (v: unknown): v is { [k: string]: unknown } => v !== null && typeof v === "object" && !Array.isArray(v);
const isPrice = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v >= 0;

export function parsePriceTable(text: string, file: string): Result<PriceTable | undefined> {
  const bad = (why: string): Result<undefined> => ({
    value: undefined,
    diagnostics: [diagnostic("sessions/bad-price-table", "error", `${file}: ${why}`, { file })],
  });
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    return bad(`not valid JSON (${(err as Error).message})`);
  }
  if (!isObj(v) || !isObj(v.models)) return bad('expected {"currency": "USD", "models": {"<model>": {...}}}');
  const models: PriceTable["models"] = {};
  const diagnostics: Diagnostic[] = [];
  for (const [name, p] of Object.entries(v.models)) {
    if (!isObj(p) || !isPrice(p.input) || !isPrice(p.output)) {
      diagnostics.push(
        diagnostic(
          "sessions/bad-price-table",
          "error",
          `${file}: model ${name} needs numeric input and output prices`,
          { file },
        ),
      );
      continue;
    }
    const m: ModelPrices = { input: p.input as number, output: p.output as number };
    if (isPrice(p.cached)) m.cached = p.cached as number;
    if (isPrice(p.cacheWrite)) m.cacheWrite = p.cacheWrite as number;
    models[name] = m;
  }
  if (diagnostics.length > 0) return { value: undefined, diagnostics };
  const per = isPrice(v.per) && (v.per as number) > 0 ? (v.per as number) : TOKENS_PER_PRICE;
  return { value: { currency: typeof v.currency === "string" ? v.currency : "USD", per, models }, diagnostics };
}

/** The request's cost, or undefined when the table prices neither its model nor `*`. */
export function costOf(table: PriceTable, u: LoggedUsage, prompt: number): number | undefined {
  const p = (u.model !== undefined ? table.models[u.model] : undefined) ?? table.models["*"];
  if (p === undefined) return undefined;
  const uncached = Math.max(0, prompt - u.cached - u.cacheWrite);
  const amount =
    uncached * p.input +
    u.cached * (p.cached ?? p.input) +
    u.cacheWrite * (p.cacheWrite ?? p.input) +
    u.output * p.output;
  return amount / table.per;
}
