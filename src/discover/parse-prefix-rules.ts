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

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isIdentStart = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const isIdentPart = (c: number): boolean => isIdentStart(c) || isDigit(c);

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
      const q = text.charCodeAt(i);
      const triple = text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q;
      const quoteLength = triple ? 3 : 1;
      const startLine = line;
      let j = i + quoteLength;
      // Runs without escapes are sliced whole (appending a character at a time made 130k rules take seconds).
      let value = "";
      let from = j;
      for (;;) {
        const c = text.charCodeAt(j);
        if (j >= text.length || (!triple && c === 0x0a)) throw new RuleSyntaxError("unterminated string", line, column);
        if (c === q && (!triple || (text.charCodeAt(j + 1) === q && text.charCodeAt(j + 2) === q))) break;
        if (c === 0x5c && j + 1 < text.length) {
          const next = text[j + 1] as string;
          value += text.slice(from, j) + (ESCAPES[next] ?? `\\${next}`);
          j += 2;
          from = j;
          continue;
        }
        if (c === 0x0a) {
          line++;
          lineStart = j + 1;
        }
        j++;
      }
      value += text.slice(from, j);
      tokens.push({ type: "string", value, line: startLine, column });
      i = j + quoteLength;
    } else if (isIdentStart(text.charCodeAt(i))) {
      let j = i;
      while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
      tokens.push({ type: "ident", value: text.slice(i, j), line, column });
      i = j;
    } else if (isDigit(text.charCodeAt(i))) {
      let j = i;
      while (j < text.length && (isIdentPart(text.charCodeAt(j)) || text.charCodeAt(j) === 0x2e)) j++;
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
    if (!t || t.type !== "punct" || t.value !== value)
      this.fail(t ? `expected \`${value}\`` : `expected \`${value}\` before end of file`);
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
      if (
        stack.length === 0 &&
        t.type === "ident" &&
        t.value === "prefix_rule" &&
        next?.type === "punct" &&
        next.value === "("
      ) {
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
      if (t.type !== "ident" || this.tokens[this.pos + 1]?.value !== "=")
        this.fail("prefix_rule takes keyword arguments only (name=value)", t);
      this.pos += 2;
      if (args.has(t.value)) this.fail(`argument \`${t.value}\` given twice`, t);
      args.set(t.value, { value: this.parseValue(), at: t });
      const sep = this.peek();
      if (sep?.type === "punct" && sep.value === ",") this.pos++;
      else if (!(sep?.type === "punct" && sep.value === ")")) this.fail("expected `,` or `)`", sep);
    }
    const pattern = args.get("pattern");
    if (!pattern) this.fail("prefix_rule needs `pattern`", start);
    if (pattern.value.type !== "list" || pattern.value.items.length === 0)
      this.fail("`pattern` must be a non-empty list", pattern.at);
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

  /** One value: a string, a (nested) list, or a bare name/number. Iterative: 100k nested `[` cost no stack. */
  private parseValue(): Value {
    const open: Value[][] = [];
    for (;;) {
      const t = this.peek();
      if (!t) this.fail("expected a value before end of file");
      this.pos++;
      let value: Value;
      if (t.type === "punct" && t.value === "[") {
        const n = this.peek();
        if (!(n?.type === "punct" && n.value === "]")) {
          open.push([]);
          continue;
        }
        this.pos++;
        value = { type: "list", items: [] };
      } else if (t.type === "string") value = { type: "string", value: t.value };
      else if (t.type === "ident" || t.type === "number") value = { type: "other", text: t.value };
      else return this.fail(`unexpected \`${t.value}\``, t);
      // Close every list this value ends; a `,` goes on to the next item of the innermost open one.
      for (;;) {
        const items = open[open.length - 1];
        if (items === undefined) return value;
        items.push(value);
        const sep = this.peek();
        if (sep?.type === "punct" && sep.value === ",") {
          this.pos++;
          const after = this.peek();
          if (after?.type === "punct" && after.value === "]") {
            this.pos++;
            value = { type: "list", items: open.pop() as Value[] };
            continue;
          }
          break;
        }
        if (sep?.type === "punct" && sep.value === "]") {
          this.pos++;
          value = { type: "list", items: open.pop() as Value[] };
          continue;
        }
        this.fail("expected `,` or `]`", sep);
      }
    }
  }
}

/** Returns every rule of the file, or none plus an error diagnostic when the file does not parse. */
export function parsePrefixRules(text: string, file: string): Result<PrefixRule[]> {
  try {
    const eofLine = text.split("\n").length;
    return { value: new Parser(tokenize(text), eofLine).parseFile(file), diagnostics: [] };
  } catch (error) {
    if (!(error instanceof RuleSyntaxError)) throw error;
    const d: Diagnostic = diagnostic(
      "rules/syntax-error",
      "error",
      `${file}:${error.line}:${error.column}: ${error.message}`,
      {
        file,
        place: { line: error.line, column: error.column },
      },
    );
    return { value: [], diagnostics: [d] };
  }
}
