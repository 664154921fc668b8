// Reads an argv the way GNU getopt_long does, against a table of the options a program is known to have. Pure.
// Long options match exactly or by a unique prefix, values attach (`--opt=v`, `-ov`) or follow; short flags cluster.

export type OptionArity = "none" | "required" | "optional";

export interface OptionTable {
  /** Short options without a value, e.g. "alnr". */
  flags: string;
  /** Short options that take a value, e.g. "kt". */
  valued?: string;
  /** Long options by name (no dashes). */
  long?: { readonly [name: string]: OptionArity };
  /** `-5` means a count (head, tail). */
  numericShort?: boolean;
}

export interface ParsedOption {
  /** `-x` or `--name` (the full name an abbreviation stands for). */
  name: string;
  value?: string;
}

export type ParsedCommand = { ok: true; options: ParsedOption[]; operands: string[] } | { ok: false; reason: string };

/**
 * Unknown options, ambiguous abbreviations and missing values fail: the caller treats the command as unknown.
 * An abbreviation is resolved against this table; since every name in the table is one the program really has, a
 * prefix the table resolves uniquely is either the same option to the program or ambiguous to it (an error exit).
 */
export function parseCommandOptions(args: readonly string[], table: OptionTable): ParsedCommand {
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  const long = table.long ?? {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const given = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
      const name = resolveLong(given, long);
      if (name === undefined) return { ok: false, reason: `unknown or ambiguous option --${given}` };
      const arity = long[name]!;
      if (eq !== -1) {
        if (arity === "none") return { ok: false, reason: `--${name} takes no value` };
        options.push({ name: `--${name}`, value: arg.slice(eq + 1) });
      } else if (arity === "required") {
        if (i + 1 >= args.length) return { ok: false, reason: `--${name} needs a value` };
        options.push({ name: `--${name}`, value: args[++i]! });
      } else options.push({ name: `--${name}` });
      continue;
    }
    if (arg.startsWith("-") && arg !== "-") {
      if (table.numericShort && /^-\d+$/.test(arg)) {
        options.push({ name: "-n", value: arg.slice(1) });
        continue;
      }
      for (let j = 1; j < arg.length; j++) {
        const c = arg[j]!;
        if (table.flags.includes(c)) {
          options.push({ name: `-${c}` });
          continue;
        }
        if (!(table.valued ?? "").includes(c)) return { ok: false, reason: `unknown option -${c}` };
        const attached = arg.slice(j + 1);
        if (attached !== "") options.push({ name: `-${c}`, value: attached });
        else if (i + 1 < args.length) options.push({ name: `-${c}`, value: args[++i]! });
        else return { ok: false, reason: `-${c} needs a value` };
        break;
      }
      continue;
    }
    operands.push(arg);
  }
  return { ok: true, options, operands };
}

function resolveLong(given: string, long: { readonly [name: string]: OptionArity }): string | undefined {
  if (given === "") return undefined;
  if (Object.hasOwn(long, given)) return given;
  const candidates = Object.keys(long).filter((n) => n.startsWith(given));
  return candidates.length === 1 ? candidates[0] : undefined;
}
