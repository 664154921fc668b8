// Canonical JSON: object keys sorted by code unit, no whitespace. The byte form cache analysis compares.
// Pure.

/** JSON text with every object's keys sorted, so two semantically equal values give equal bytes. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    // undefined (absent optional field) serialises like JSON.stringify does inside objects: skipped by caller.
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  }
  const record = value as { [key: string]: unknown };
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const v = record[key];
    if (v === undefined) continue;
    parts.push(`${JSON.stringify(key)}:${canonicalJson(v)}`);
  }
  return `{${parts.join(",")}}`;
}
