// Codex's coarse token estimate: ceil(utf8 bytes / 4). Pure.

export const APPROX_BYTES_PER_TOKEN = 4;

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

export function approxTokensFromBytes(bytes: number): number {
  return Math.ceil(bytes / APPROX_BYTES_PER_TOKEN);
}

export function approxTokens(text: string): number {
  return approxTokensFromBytes(utf8Length(text));
}
