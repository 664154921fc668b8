// Fits the skills list into Codex 0.171.0's metadata budget: descriptions over 1,024 characters end in `...`,
// then a budget of 2% of the context window (approx tokens, ceil(bytes / 4) per line) shortens them. Pure.

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

const encoder = new TextEncoder();
const utf8Bytes = (s: string): number => encoder.encode(s).length;

/** Code points in `s`, counted without building an array of them (hundreds of lines per preview). */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n--;
      i++;
    }
  }
  return n;
}

function cost(budget: SkillsBudget, chars: number, bytes: number): number {
  return budget.unit === "tokens" ? Math.ceil(bytes / 4) : chars;
}

/** The cost of `text`, measuring only what the budget's unit counts. */
function textCost(budget: SkillsBudget, text: string): number {
  return budget.unit === "tokens" ? Math.ceil(utf8Bytes(text) / 4) : codePoints(text);
}

/** The line as rendered; an empty description leaves `- name: (file: …)`. */
export function renderSkillLine(line: SkillLine): string {
  return line.description === ""
    ? `- ${line.name}: (file: ${line.file})`
    : `- ${line.name}: ${line.description} (file: ${line.file})`;
}

function lineCost(budget: SkillsBudget, line: SkillLine): number {
  return textCost(budget, `${renderSkillLine(line)}\n`);
}

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
  const lines = input.map((l) => {
    const cut = capDescription(l.description);
    if (cut === undefined) return l;
    capped.push({ name: l.name, chars: codePoints(l.description) });
    return { ...l, description: cut };
  });
  /** `out` pairs each rendered line with the (capped) line it came from. */
  const result = (out: [SkillLine, SkillLine][], omitted: string[]): FittedSkillLines => {
    let shortened = 0;
    let charsCut = 0;
    for (const [kept, from] of out) {
      const cut = kept === from ? 0 : codePoints(from.description) - codePoints(kept.description);
      if (cut > 0) {
        shortened++;
        charsCut += cut;
      }
    }
    return { lines: out.map(([kept]) => kept), capped, shortened, charsCut, omitted };
  };

  if (lines.reduce((sum, l) => sum + lineCost(budget, l), 0) <= budget.limit)
    return result(
      lines.map((l) => [l, l]),
      [],
    );
  const bare = lines.map((l) => ({ ...l, description: "" }));
  const bareCost = bare.map((l) => lineCost(budget, l));
  const bareTotal = bareCost.reduce((a, b) => a + b, 0);

  if (bareTotal > budget.limit) {
    const out: [SkillLine, SkillLine][] = [];
    const omitted: string[] = [];
    let used = 0;
    bare.forEach((l, i) => {
      const c = bareCost[i] as number;
      if (used + c <= budget.limit) {
        used += c;
        out.push([l, lines[i] as SkillLine]);
      } else omitted.push(l.name);
    });
    return result(out, omitted);
  }

  // Per line, walked one character (code point) at a time: the cost of the line keeping `kept` characters, which
  // end at UTF-16 offset `end` and take `bytes` bytes; `+1` is the space before `(file: …)`.
  const plans = lines.map((l, i) => {
    const baseText = `${renderSkillLine(bare[i] as SkillLine)}\n`;
    const baseChars = codePoints(baseText);
    const baseBytes = utf8Bytes(baseText);
    return {
      text: l.description,
      baseChars,
      baseBytes,
      kept: 0,
      end: 0,
      bytes: 0,
      cost: cost(budget, baseChars, baseBytes),
    };
  });
  let remaining = budget.limit - bareTotal;
  // Rounds over the lines still growing, in list order (a line that is whole or blocked leaves for good: the
  // remaining budget only shrinks).
  let active = plans.filter((p) => p.text.length > 0);
  while (active.length > 0) {
    const next: typeof active = [];
    for (const p of active) {
      const code = p.text.codePointAt(p.end) ?? 0;
      const bytes = p.bytes + (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
      const c = cost(budget, p.baseChars + p.kept + 2, p.baseBytes + bytes + 1);
      if (c - p.cost > remaining) continue;
      remaining -= c - p.cost;
      p.cost = c;
      p.bytes = bytes;
      p.kept++;
      p.end += code > 0xffff ? 2 : 1;
      if (p.end < p.text.length) next.push(p);
    }
    active = next;
  }
  return result(
    lines.map((l, i): [SkillLine, SkillLine] => {
      const p = plans[i] as { text: string; end: number };
      return [p.end === p.text.length ? l : { ...l, description: p.text.slice(0, p.end) }, l];
    }),
    [],
  );
}
