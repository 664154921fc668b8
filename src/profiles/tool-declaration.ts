// Tool declarations: names and JSON-schema parameters without prose; descriptions are attached from the
// profile's tool prose at compile time, in Codex's key order (type, description, enum, items, …). Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { FunctionToolSpec, JsonSchema, NamespaceToolSpec, ToolSpec } from "../model/request.js";
import type { ProseSet } from "../fragments/prose-set.js";

export interface ParamSchema {
  type: "string" | "number" | "integer" | "boolean" | "array" | "object";
  enum?: string[];
  items?: ParamSchema;
  properties?: { [name: string]: ParamSchema };
  required?: string[];
  /** Objects in Codex's tools always close with `additionalProperties: false`. */
  additionalProperties?: false;
}

export interface FunctionToolDeclaration {
  type: "function";
  name: string;
  parameters: ParamSchema;
}

export interface NamespaceToolDeclaration {
  type: "namespace";
  name: string;
  tools: FunctionToolDeclaration[];
}

/** A hosted tool carried as-is (no prose), e.g. `{ type: "web_search", external_web_access: false }`. */
export interface HostedToolDeclaration {
  type: "hosted";
  name: string;
  spec: ToolSpec;
}

/**
 * A function tool that carries its own description and full JSON schema (promptc's loop tools: the schema the
 * model sees is the one the loop validates arguments with). A description in the profile's tool prose replaces
 * the declared one; parameter descriptions are part of the schema.
 */
export interface DescribedToolDeclaration {
  type: "described";
  name: string;
  description: string;
  parameters: JsonSchema;
}

export type ToolDeclaration =
  | FunctionToolDeclaration
  | NamespaceToolDeclaration
  | HostedToolDeclaration
  | DescribedToolDeclaration;

export function obj(properties: { [name: string]: ParamSchema }, required?: string[]): ParamSchema {
  const s: ParamSchema = { type: "object", properties };
  if (required !== undefined) s.required = required;
  s.additionalProperties = false;
  return s;
}

function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function buildSchema(
  s: ParamSchema,
  path: string,
  describe: (path: string) => string | undefined,
  isItems: boolean,
): JsonSchema {
  const out: JsonSchema = { type: s.type };
  if (!isItems && path !== "") {
    const d = describe(path);
    if (d !== undefined) out["description"] = d;
  }
  if (s.enum) out["enum"] = [...s.enum];
  if (s.items) out["items"] = buildSchema(s.items, path, describe, true);
  if (s.properties) {
    const props: JsonSchema = {};
    for (const key of Object.keys(s.properties).sort(byteOrder)) {
      props[key] = buildSchema(s.properties[key] as ParamSchema, path === "" ? key : `${path}.${key}`, describe, false);
    }
    out["properties"] = props;
  }
  if (s.required) out["required"] = [...s.required];
  if (s.additionalProperties === false) out["additionalProperties"] = false;
  return out;
}

export interface BuiltTools {
  tools: ToolSpec[];
  diagnostics: Diagnostic[];
}

function buildFunction(
  decl: FunctionToolDeclaration,
  proseKey: string,
  prose: ProseSet,
  diagnostics: Diagnostic[],
): FunctionToolSpec {
  const tp = prose.tools[proseKey];
  const missing = (what: string) =>
    diagnostics.push(
      diagnostic(
        "template/missing-tool-description",
        "warning",
        `profile ${prose.profile}: no description for ${what}`,
        { data: { tool: proseKey } },
      ),
    );
  if (!tp) missing(`tool ${proseKey}`);
  const describe = (path: string) => {
    const d = tp?.parameters?.[path];
    if (d === undefined && tp) missing(`${proseKey} parameter ${path}`);
    return d;
  };
  return {
    type: "function",
    name: decl.name,
    description: tp?.description ?? "",
    strict: false,
    parameters: buildSchema(decl.parameters, "", describe, false),
  };
}

/** Turn declarations into wire tool specs with the profile's descriptions attached. */
export function buildToolSpecs(decls: ToolDeclaration[], prose: ProseSet): BuiltTools {
  const diagnostics: Diagnostic[] = [];
  const tools: ToolSpec[] = decls.map((d): ToolSpec => {
    switch (d.type) {
      case "function":
        return buildFunction(d, d.name, prose, diagnostics);
      case "namespace": {
        const ns: NamespaceToolSpec = {
          type: "namespace",
          name: d.name,
          description: prose.tools[d.name]?.description ?? "",
          tools: d.tools.map((t) => buildFunction(t, `${d.name}.${t.name}`, prose, diagnostics)),
        };
        return ns;
      }
      case "hosted":
        return d.spec;
      case "described":
        return {
          type: "function",
          name: d.name,
          description: prose.tools[d.name]?.description ?? d.description,
          strict: false,
          parameters: d.parameters,
        };
      default: {
        const never: never = d;
        throw new Error(`unknown tool declaration ${JSON.stringify(never)}`);
      }
    }
  });
  return { tools, diagnostics };
}

export function toolName(t: ToolSpec): string {
  return "name" in t && typeof t.name === "string" ? t.name : t.type;
}
