// Fits the skills list into Codex 0.171.0's metadata budget: descriptions over 1,024 characters end in `...`,
// then a budget of 2% of the context window (approx tokens, ceil(bytes / 4) per line) shortens them. Pure.
import { codePointCount as codePoints, utf8Length } from "../tokens/approx.js";

/** One skill as the list shows it. */
export interface SkillLine {
  name: string;
  description: string;
  /** `r<k>/<dir>/SKILL.md`, or the absolute path when the skill is not under its root. */
  file: string;
}

/** Codex lists at most this many characters of a description; longer ones keep 1,021 and end in `...`. */
export const MAX_LISTED_DESCRIPTION_CHARS = 1024;
export const LISTED_DESCRIPTION_ELLIPSIS = "...";
/** Share of the context window the skill lines may take (tokens). */
export const SKILLS_BUDGET_CONTEXT_PERCENT = 2;
/** Budget when no context window is known: characters, not tokens. */
export const SKILLS_BUDGET_DEFAULT_CHARS = 8000;

export type SkillsBudget = { unit: "tokens"; limit: number } | { unit: "chars"; limit: number };

/** 2% of the window in tokens (at least 1), or 8,000 characters when the window is unknown. */
export function skillsBudget(contextWindowTokens: number | undefined): SkillsBudget {
  if (contextWindowTokens === undefined || contextWindowTokens <= 0)
    return { unit: "chars", limit: SKILLS_BUDGET_DEFAULT_CHARS };
  return {
    unit: "tokens",
    limit: Math.max(1, Math.floor((contextWindowTokens * SKILLS_BUDGET_CONTEXT_PERCENT) / 100)),
  };
}

export interface FittedSkillLines {
  /** Lines to render; `description` may be shortened or empty (then rendered without it). */
  lines: SkillLine[];
  /** Descriptions cut to 1,024 characters, by skill name, with their full length. */
  capped: { name: string; chars: number }[];
  /** Descriptions the budget shortened or removed, and how many characters it took in all. */
  shortened: number;
  charsCut: number;
  /** Skills left out entirely (even without descriptions the lines did not fit). */
  omitted: string[];
}

function cost(budget: SkillsBudget, chars: number, bytes: number): number {
  return budget.unit === "tokens" ? Math.ceil(bytes / 4) : chars;
}

/** The line as rendered; an empty description leaves `- name: (file: …)`. */
export function renderSkillLine(line: SkillLine): string {
  return line.description === ""
    ? `- ${line.name}: (file: ${line.file})`
    : `- ${line.name}: ${line.description} (file: ${line.file})`;
}

// A line's size is its parts' sizes plus the fixed ASCII around them (read off renderSkillLine, so the layout is
// written once): the parts are measured, never the rendered line (hundreds per preview, each a new string).
const BARE_OVERHEAD = renderSkillLine({ name: "", description: "", file: "" }).length + 1;
const DESCRIPTION_OVERHEAD = renderSkillLine({ name: "", description: "-", file: "" }).length + 1 - BARE_OVERHEAD - 1;

const ASCII = /^[\x00-\x7F]*$/;

function capDescription(description: string): string | undefined {
  // No more code points than UTF-16 units: a short one needs no count.
  if (description.length <= MAX_LISTED_DESCRIPTION_CHARS) return undefined;
  const chars = Array.from(description);
  if (chars.length <= MAX_LISTED_DESCRIPTION_CHARS) return undefined;
  return (
    chars.slice(0, MAX_LISTED_DESCRIPTION_CHARS - LISTED_DESCRIPTION_ELLIPSIS.length).join("") +
    LISTED_DESCRIPTION_ELLIPSIS
  );
}

/**
 * Codex's rule, reproduced from captures: when every full line fits, nothing changes. Otherwise each line keeps
 * `- name: (file: …)` and the rest of the budget is handed out one description character per line per round,
 * in list order, a character being taken only while its extra cost fits; a line whose next character costs
 * nothing more keeps taking. If even the bare lines do not fit, bare lines are listed while they fit.
 */
export function fitSkillLines(input: SkillLine[], budget: SkillsBudget): FittedSkillLines {
  const capped: { name: string; chars: number }[] = [];
  const n = input.length;
  const lines: SkillLine[] = new Array(n);
  // Per line: the bare line's code points and bytes, and the description's (only what the budget's unit counts).
  const tokens = budget.unit === "tokens";
  const bareSize: number[] = new Array(n);
  const descSize: number[] = new Array(n);
  let fullTotal = 0;
  let bareTotal = 0;
  for (let i = 0; i < n; i++) {
    const l = input[i] as SkillLine;
    const cut = capDescription(l.description);
    if (cut !== undefined) capped.push({ name: l.name, chars: codePoints(l.description) });
    const line = cut === undefined ? l : { ...l, description: cut };
    lines[i] = line;
    const size = tokens ? utf8Length : codePoints;
    const bare = BARE_OVERHEAD + size(line.name) + size(line.file);
    const desc = line.description === "" ? 0 : size(line.description);
    bareSize[i] = bare;
    descSize[i] = desc;
    const bareCost = tokens ? Math.ceil(bare / 4) : bare;
    bareTotal += bareCost;
    fullTotal +=
      desc === 0
        ? bareCost
        : tokens
          ? Math.ceil((bare + DESCRIPTION_OVERHEAD + desc) / 4)
          : bare + DESCRIPTION_OVERHEAD + desc;
  }
  if (fullTotal <= budget.limit) return { lines, capped, shortened: 0, charsCut: 0, omitted: [] };

  if (bareTotal > budget.limit) {
    const out: SkillLine[] = [];
    const omitted: string[] = [];
    let shortened = 0;
    let charsCut = 0;
    let used = 0;
    for (let i = 0; i < n; i++) {
      const l = lines[i] as SkillLine;
      const c = tokens ? Math.ceil((bareSize[i] as number) / 4) : (bareSize[i] as number);
      if (used + c <= budget.limit) {
        used += c;
        out.push({ ...l, description: "" });
        const cut = codePoints(l.description);
        if (cut > 0) {
          shortened++;
          charsCut += cut;
        }
      } else omitted.push(l.name);
    }
    return { lines: out, capped, shortened, charsCut, omitted };
  }

  // Per line: the cost of the line keeping `r` description characters (code points), which take `bytesAt(r)`
  // bytes and end at UTF-16 offset `unitsAt(r)`; `+1` is the space before `(file: …)`. Every line still growing
  // has taken one character per round, so `r` is the round number for all of them.
  const baseChars: number[] = new Array(n);
  const baseBytes: number[] = new Array(n);
  const length: number[] = new Array(n).fill(0);
  // Offsets by characters kept, for descriptions that are not ASCII (for ASCII both are the count itself).
  const units: (Int32Array | undefined)[] = new Array(n);
  const utf8: (Int32Array | undefined)[] = new Array(n);
  const keptOf: number[] = new Array(n).fill(0);
  const lineCost: number[] = new Array(n);
  const active: number[] = [];
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const l = lines[i] as SkillLine;
    // The unit not measured above is measured here, on the bare line's parts only.
    const chars = tokens ? BARE_OVERHEAD + codePoints(l.name) + codePoints(l.file) : (bareSize[i] as number);
    const b = tokens ? (bareSize[i] as number) : BARE_OVERHEAD + utf8Length(l.name) + utf8Length(l.file);
    baseChars[i] = chars;
    baseBytes[i] = b;
    lineCost[i] = cost(budget, chars, b);
    const text = l.description;
    if (text === "") continue;
    if (ASCII.test(text)) length[i] = text.length;
    else {
      const u = new Int32Array(text.length + 1);
      const y = new Int32Array(text.length + 1);
      let r = 0;
      for (let at = 0; at < text.length; r++) {
        const code = text.codePointAt(at) ?? 0;
        y[r + 1] = (y[r] as number) + (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
        at += code > 0xffff ? 2 : 1;
        u[r + 1] = at;
      }
      units[i] = u;
      utf8[i] = y;
      length[i] = r;
    }
    longest = Math.max(longest, length[i] as number);
    active.push(i);
  }
  const costAt = (i: number, r: number): number =>
    cost(budget, (baseChars[i] as number) + r + 1, (baseBytes[i] as number) + (utf8[i]?.[r] ?? r) + 1);
  let remaining = budget.limit - bareTotal;
  // While whole rounds fit, no line is blocked and the order within them does not matter: the most rounds that
  // fit (costs only grow with characters) are taken at once, found by doubling then halving. costAt written out
  // (ceil(x / 4) as (x + 3) >> 2): this loop runs once per line per probe, mostly before the engine compiles it,
  // where each call was most of a 300-skill preview's fitting.
  const spent = (rounds: number): number => {
    let sum = 0;
    for (let k = 0; k < active.length; k++) {
      const i = active[k] as number;
      const r = Math.min(rounds, length[i] as number);
      const bytes = utf8[i]?.[r] ?? r;
      sum +=
        (tokens ? ((baseBytes[i] as number) + bytes + 4) >> 2 : (baseChars[i] as number) + r + 1) -
        (lineCost[i] as number);
    }
    return sum;
  };
  let fit = 0;
  let over = 1;
  while (over <= longest && spent(over) <= remaining) {
    fit = over;
    over *= 2;
  }
  over = Math.min(over, longest + 1);
  while (over - fit > 1) {
    const mid = (fit + over) >> 1;
    if (spent(mid) <= remaining) fit = mid;
    else over = mid;
  }
  let count = 0;
  if (fit > 0) remaining -= spent(fit);
  for (const i of active) {
    const k = Math.min(fit, length[i] as number);
    if (fit > 0) {
      keptOf[i] = k;
      lineCost[i] = costAt(i, k);
    }
    if (k < (length[i] as number)) active[count++] = i;
  }
  // Then rounds over the lines still growing, in list order (a line that is whole or blocked leaves for good: the
  // remaining budget only shrinks); compacted in place.
  for (let r = fit + 1; count > 0; r++) {
    let next = 0;
    for (let k = 0; k < count; k++) {
      const i = active[k] as number;
      const c = costAt(i, r);
      const delta = c - (lineCost[i] as number);
      if (delta > remaining) continue;
      remaining -= delta;
      lineCost[i] = c;
      keptOf[i] = r;
      if (r < (length[i] as number)) active[next++] = i;
    }
    count = next;
  }
  let shortened = 0;
  let charsCut = 0;
  const out: SkillLine[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const l = lines[i] as SkillLine;
    const kept = keptOf[i] as number;
    const cut = (length[i] as number) - kept;
    if (cut === 0) {
      out[i] = l;
      continue;
    }
    out[i] = { ...l, description: l.description.slice(0, units[i]?.[kept] ?? kept) };
    shortened++;
    charsCut += cut;
  }
  return { lines: out, capped, shortened, charsCut, omitted: [] };
}
