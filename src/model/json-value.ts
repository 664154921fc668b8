// Guards for reading untrusted parsed JSON (session logs, request files) without casts. Pure.
// One definition so every reader agrees on what an "object" is (arrays and null are not).

export type JsonObject = { [key: string]: unknown };

export const isJsonObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The value when it is a string, else undefined. */
export const stringValue = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
