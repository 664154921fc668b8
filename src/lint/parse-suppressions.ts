// Inline suppression comments: `promptc-disable-next-line`, `-line`, `-file`, `disable`/`enable` ranges.
// Works in Markdown (<!-- -->), TOML (#) and Handlebars ({{!-- --}}) because it matches the directive text. Pure.

export type SuppressionKind = "disable-next-line" | "disable-line" | "disable-file" | "disable" | "enable";

export interface Suppression {
  kind: SuppressionKind;
  rules: string[];
  line: number;
  column: number;
  /** Lines covered, inclusive (1-based). */
  from: number;
  to: number;
}

/** Only inside a comment opener (`<!--`, `#`, `{{!`/`{{!--`) so a directive quoted in prose or code is not one. */
const DIRECTIVE =
  /(?:<!--|#|\{\{!(?:--)?)\s*promptc-(disable-next-line|disable-line|disable-file|disable|enable)\b((?:[\s,]+[a-z]+\/[a-z0-9-]+)*)/g;

export function parseSuppressions(lines: readonly string[]): Suppression[] {
  const found: Suppression[] = [];
  const open = new Map<string, Suppression>();
  lines.forEach((text, i) => {
    const line = i + 1;
    for (const m of text.matchAll(DIRECTIVE)) {
      const kind = m[1] as SuppressionKind;
      const rules = (m[2] ?? "").split(/[\s,]+/).filter(Boolean);
      const base = { kind, rules, line, column: m.index + m[0].indexOf("promptc-") + 1 };
      switch (kind) {
        case "disable-next-line":
          found.push({ ...base, from: line + 1, to: line + 1 });
          break;
        case "disable-line":
          found.push({ ...base, from: line, to: line });
          break;
        case "disable-file":
          found.push({ ...base, from: 1, to: lines.length });
          break;
        case "disable":
          for (const r of rules) {
            const s = { ...base, rules: [r], from: line, to: lines.length };
            open.set(r, s);
            found.push(s);
          }
          break;
        case "enable":
          for (const r of rules.length > 0 ? rules : [...open.keys()]) {
            const s = open.get(r);
            if (s) {
              s.to = line;
              open.delete(r);
            }
          }
          break;
        default: {
          const never: never = kind;
          throw new Error(`unknown directive ${String(never)}`);
        }
      }
    }
  });
  return found;
}
