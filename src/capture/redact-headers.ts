// Header and URL redaction for recorded requests: secrets never reach disk or the terminal. Pure.

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
// Any header or query key whose name says it carries a credential (x-bearer, x-access-key, x-custom-credential,
// api_key, X-Amz-Signature, …).
const SECRET_PATTERN = /(auth|key|token|secret|bearer|credential|cookie|password|passwd|signature)/i;
const SAFE_AUTH_LIKE = new Set(["x-stainless-helper-method"]);

export function isSecretHeader(name: string): boolean {
  const n = name.toLowerCase();
  if (SAFE_AUTH_LIKE.has(n)) return false;
  return SECRET_NAMES.has(n) || SECRET_PATTERN.test(n);
}

/** `url` with the value of every query parameter whose key looks like a credential replaced (the rest kept as sent). */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let key: string;
      try {
        key = decodeURIComponent(pair.slice(0, eq).replace(/\+/g, " "));
      } catch {
        key = pair.slice(0, eq);
      }
      return SECRET_PATTERN.test(key) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? "" : url.slice(hash)}`;
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
