// Parses the `prefix_rule(...)` calls of a Codex exec-policy `.rules` file (a small Starlark subset).
// Pure: text in, rules + diagnostics (with line:column) out.
import type { Diagnostic, Result } from "../model/diagnostic.js";
import { diagnostic } from "../model/diagnostic.js";

export type PrefixDecision = "allow" | "prompt" | "forbidden";
const DECISIONS: readonly PrefixDecision[] = ["allow", "prompt", "forbidden"];

export interface PrefixRule {
  /** Tokens; an alternatives list `["a", "b"]` becomes the single token `[a|b]`, as Codex renders it. */
  pattern: string[];
  decision: PrefixDecision;
  file: string;
  line: number;
}

type Token =
  | { type: "ident"; value: string; line: number; column: number }
  | { type: "string"; value: string; line: number; column: number }
  | { type: "number"; value: string; line: number; column: number }
  | { type: "punct"; value: string; line: number; column: number };

class RuleSyntaxError {
  constructor(
    readonly message: string,
    readonly line: number,
    readonly column: number,
  ) {}
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const column = i - lineStart + 1;
    if (ch === "\n") {
      line++;
      i++;
      lineStart = i;
    } else if (ch === " " || ch === "\t" || ch === "\r") i++;
    else if (ch === "#") while (i < text.length && text[i] !== "\n") i++;
    else if (ch === "'" || ch === '"') {
      const triple = text.startsWith(ch.repeat(3), i);
      const quote = triple ? ch.repeat(3) : ch;
      const startLine = line;
      let j = i + quote.length;
      let value = "";
      for (;;) {
        if (j >= text.length || (!triple && text[j] === "\n")) throw new RuleSyntaxError("unterminated string", line, column);
        if (text.startsWith(quote, j)) break;
        const c = text[j] as string;
        if (c === "\\" && j + 1 < text.length) {
          const next = text[j + 1] as string;
          value += ESCAPES[next] ?? `\\${next}`;
          j += 2;
          continue;
        }
        if (c === "\n") {
          line++;
          lineStart = j + 1;
        }
        value += c;
        j++;
      }
      tokens.push({ type: "string", value, line: startLine, column });
      i = j + quote.length;
    } else if (/[A-Za-z_]/.test(ch)) {
      let j = i;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j] as string)) j++;
      tokens.push({ type: "ident", value: text.slice(i, j), line, column });
      i = j;
    } else if (/[0-9]/.test(ch)) {
      let j = i;
      while (j < text.length && /[0-9A-Za-z_.]/.test(text[j] as string)) j++;
      tokens.push({ type: "number", value: text.slice(i, j), line, column });
      i = j;
    } else if ("()[]{},=:.+-*/%<>!|&".includes(ch)) {
      tokens.push({ type: "punct", value: ch, line, column });
      i++;
    } else throw new RuleSyntaxError(`unexpected character ${JSON.stringify(ch)}`, line, column);
  }
  return tokens;
}

type Value = { type: "string"; value: string } | { type: "list"; items: Value[] } | { type: "other"; text: string };

class Parser {
  private pos = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly eofLine: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }
  private fail(message: string, at?: Token): never {
    const t = at ?? this.peek();
    throw new RuleSyntaxError(message, t?.line ?? this.eofLine, t?.column ?? 1);
  }
  private expect(value: string): Token {
    const t = this.peek();
    if (!t || t.type !== "punct" || t.value !== value) this.fail(t ? `expected \`${value}\`` : `expected \`${value}\` before end of file`);
    this.pos++;
    return t;
  }

  /** Finds each `prefix_rule(` call; everything else must only have balanced brackets. */
  parseFile(file: string): PrefixRule[] {
    const rules: PrefixRule[] = [];
    const stack: Token[] = [];
    while (this.pos < this.tokens.length) {
      const t = this.peek() as Token;
      const next = this.tokens[this.pos + 1];
      if (stack.length === 0 && t.type === "ident" && t.value === "prefix_rule" && next?.type === "punct" && next.value === "(") {
        this.pos += 2;
        rules.push(this.parseCall(file, t));
        continue;
      }
      if (t.type === "punct" && "([{".includes(t.value)) stack.push(t);
      if (t.type === "punct" && ")]}".includes(t.value)) {
        const open = stack.pop();
        if (!open || "([{".indexOf(open.value) !== ")]}".indexOf(t.value)) this.fail(`unbalanced \`${t.value}\``, t);
      }
      this.pos++;
    }
    const open = stack.pop();
    if (open) this.fail(`unclosed \`${open.value}\``, open);
    return rules;
  }

  private parseCall(file: string, start: Token): PrefixRule {
    const args = new Map<string, { value: Value; at: Token }>();
    for (;;) {
      const t = this.peek();
      if (!t) this.fail("unclosed `prefix_rule(` call", start);
      if (t.type === "punct" && t.value === ")") {
        this.pos++;
        break;
      }
      if (t.type !== "ident" || this.tokens[this.pos + 1]?.value !== "=") this.fail("prefix_rule takes keyword arguments only (name=value)", t);
      this.pos += 2;
      if (args.has(t.value)) this.fail(`argument \`${t.value}\` given twice`, t);
      args.set(t.value, { value: this.parseValue(), at: t });
      const sep = this.peek();
      if (sep?.type === "punct" && sep.value === ",") this.pos++;
      else if (!(sep?.type === "punct" && sep.value === ")")) this.fail("expected `,` or `)`", sep);
    }
    const pattern = args.get("pattern");
    if (!pattern) this.fail("prefix_rule needs `pattern`", start);
    if (pattern.value.type !== "list" || pattern.value.items.length === 0) this.fail("`pattern` must be a non-empty list", pattern.at);
    const tokens = pattern.value.items.map((item) => {
      if (item.type === "string") return item.value;
      if (item.type === "list" && item.items.length > 0 && item.items.every((x) => x.type === "string"))
        return `[${item.items.map((x) => (x as { value: string }).value).join("|")}]`;
      return this.fail("`pattern` items must be strings or non-empty lists of strings", pattern.at);
    });
    let decision: PrefixDecision = "allow";
    const d = args.get("decision");
    if (d) {
      if (d.value.type !== "string" || !(DECISIONS as readonly string[]).includes(d.value.value))
        this.fail(`\`decision\` must be one of ${DECISIONS.map((x) => `"${x}"`).join(", ")}`, d.at);
      decision = d.value.value as PrefixDecision;
    }
    return { pattern: tokens, decision, file, line: start.line };
  }

  private parseValue(): Value {
    const t = this.peek();
    if (!t) this.fail("expected a value before end of file");
    this.pos++;
    if (t.type === "string") return { type: "string", value: t.value };
    if (t.type === "punct" && t.value === "[") {
      const items: Value[] = [];
      for (;;) {
        const n = this.peek();
        if (n?.type === "punct" && n.value === "]") {
          this.pos++;
          return { type: "list", items };
        }
        items.push(this.parseValue());
        const sep = this.peek();
        if (sep?.type === "punct" && sep.value === ",") this.pos++;
        else if (!(sep?.type === "punct" && sep.value === "]")) this.fail("expected `,` or `]`", sep);
      }
    }
    if (t.type === "ident" || t.type === "number") return { type: "other", text: t.value };
    return this.fail(`unexpected \`${t.value}\``, t);
  }
}

/** Returns every rule of the file, or none plus an error diagnostic when the file does not parse. */
export function parsePrefixRules(text: string, file: string): Result<PrefixRule[]> {
  try {
    const eofLine = text.split("\n").length;
    return { value: new Parser(tokenize(text), eofLine).parseFile(file), diagnostics: [] };
  } catch (error) {
    if (!(error instanceof RuleSyntaxError)) throw error;
    const d: Diagnostic = diagnostic("rules/syntax-error", "error", `${file}:${error.line}:${error.column}: ${error.message}`, {
      file,
      place: { line: error.line, column: error.column },
    });
    return { value: [], diagnostics: [d] };
  }
}
