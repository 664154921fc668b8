// Diagnostics: how every loader, the compiler and the linter report content problems. Types + tiny pure helpers.

export type Severity = "error" | "warning" | "info";

/** 1-based line and column, like editors and ESLint. */
export interface Place {
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface Diagnostic {
  /** Rule or check id, `family/kebab-name`, e.g. `agents-md/truncated`. */
  rule: string;
  severity: Severity;
  message: string;
  /** Path as the input named it (absolute for discovered files). */
  file?: string;
  place?: Place;
  /** Machine-readable numbers behind the message (bytes kept, limits…). */
  data?: { [key: string]: string | number | boolean | null | string[] };
}

/** Every loader and the compiler return a value together with what went wrong. */
export interface Result<T> {
  value: T;
  diagnostics: Diagnostic[];
}

export function diagnostic(
  rule: string,
  severity: Severity,
  message: string,
  extra: Omit<Diagnostic, "rule" | "severity" | "message"> = {},
): Diagnostic {
  return { rule, severity, message, ...extra };
}
