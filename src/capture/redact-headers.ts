// Header redaction for recorded requests: secrets never reach disk or the terminal. Pure.

export const REDACTED = "<redacted>";

const SECRET_NAMES = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "api-key",
  "x-goog-api-key",
  "cookie",
  "set-cookie",
  "openai-organization",
  "openai-project",
  "chatgpt-account-id",
]);
// Any header whose name says it carries a credential.
const SECRET_PATTERN = /(token|secret|password|api[-_]?key|auth|session-key|cookie)/i;
const SAFE_AUTH_LIKE = new Set(["x-stainless-helper-method"]);

export function isSecretHeader(name: string): boolean {
  const n = name.toLowerCase();
  if (SAFE_AUTH_LIKE.has(n)) return false;
  return SECRET_NAMES.has(n) || SECRET_PATTERN.test(n);
}

/** Lower-cased names; multi-valued headers joined with `, `; secret values replaced. */
export function redactHeaders(headers: { [name: string]: string | string[] | undefined }): { [name: string]: string } {
  const out: { [name: string]: string } = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const n = name.toLowerCase();
    out[n] = isSecretHeader(n) ? REDACTED : Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
