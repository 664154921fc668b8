// Whether data plainly matches a JSON Schema made of the few keywords rule option schemas use (type, properties,
// additionalProperties: false, items, required, minimum, maximum), without ajv: loading ajv and compiling a schema
// was ~40 ms of a lint run whose configuration sets rule options. A schema with any other keyword, or data it
// does not plainly accept, is answered false: ajv decides (and words the error). Pure.

type Schema = { readonly [keyword: string]: unknown };

const KNOWN_KEYWORDS = new Set([
  "type",
  "properties",
  "additionalProperties",
  "items",
  "required",
  "minimum",
  "maximum",
]);

/** JSON Schema's `type: "object"`: not null, not an array. */
export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function hasType(type: unknown, v: unknown): boolean {
  switch (type) {
    case "object":
      return isJsonObject(v);
    case "array":
      return Array.isArray(v);
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "integer":
      return typeof v === "number" && Number.isInteger(v);
    default:
      return false;
  }
}

/** True only when `schema` uses the keywords above and `data` satisfies it. */
export function matchesSimpleSchema(schema: unknown, data: unknown): boolean {
  if (!isJsonObject(schema) || !Object.keys(schema).every((k) => KNOWN_KEYWORDS.has(k))) return false;
  const s = schema as Schema;
  if (!hasType(s["type"], data)) return false;
  if (typeof data === "number") {
    if (s["minimum"] !== undefined && !(typeof s["minimum"] === "number" && data >= s["minimum"])) return false;
    if (s["maximum"] !== undefined && !(typeof s["maximum"] === "number" && data <= s["maximum"])) return false;
  } else if (s["minimum"] !== undefined || s["maximum"] !== undefined) return false;
  if (Array.isArray(data)) {
    if (s["items"] !== undefined && !data.every((item) => matchesSimpleSchema(s["items"], item))) return false;
  } else if (s["items"] !== undefined) return false;
  if (isJsonObject(data)) {
    const properties = s["properties"] ?? {};
    const extra = s["additionalProperties"];
    if (!isJsonObject(properties) || (extra !== undefined && extra !== false)) return false;
    const required = s["required"] ?? [];
    if (!Array.isArray(required) || !required.every((k) => typeof k === "string" && Object.hasOwn(data, k)))
      return false;
    for (const [key, value] of Object.entries(data)) {
      if (!Object.hasOwn(properties, key)) {
        if (extra === false) return false;
        continue;
      }
      if (!matchesSimpleSchema(properties[key], value)) return false;
    }
  } else if (s["properties"] !== undefined || s["additionalProperties"] !== undefined || s["required"] !== undefined)
    return false;
  return true;
}
