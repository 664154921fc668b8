// The one-line reason a setup gives for a diagnostic that stops it. Pure.
import type { Diagnostic } from "../model/diagnostic.js";

/** A one-line reason for a diagnostic, naming its file unless the message already does. */
export function errorLine(d: Diagnostic): string {
  return `${d.file && !d.message.includes(d.file) ? `${d.file}: ` : ""}${d.message}`;
}
