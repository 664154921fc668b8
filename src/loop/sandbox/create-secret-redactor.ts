// The second layer behind the environment policy: known secret values are cut out of tool output before it reaches
// the request or the session log, whatever the tool printed. Pure.

/** Values shorter than this are not redacted: they occur in ordinary output by chance ("1", "true"). */
export const REDACT_MIN_CHARS = 5;

export interface SecretRedactor {
  /** Number of values it looks for. */
  readonly size: number;
  redact(text: string): string;
}

/** `secrets`: name → value (an excluded variable, the provider's API key). Each occurrence becomes `[redacted NAME]`. */
export function createSecretRedactor(secrets: { readonly [name: string]: string | undefined }): SecretRedactor {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(secrets))
    if (value !== undefined && value.length >= REDACT_MIN_CHARS && !byValue.has(value)) byValue.set(value, name);
  // Longest first, so a secret that contains another is cut out whole.
  const values = [...byValue.keys()].sort((a, b) => b.length - a.length);
  return {
    size: values.length,
    redact(text) {
      let out = text;
      for (const value of values)
        if (out.includes(value)) out = out.split(value).join(`[redacted ${byValue.get(value)}]`);
      return out;
    },
  };
}
