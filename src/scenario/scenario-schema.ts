// JSON Schema (draft-07) of scenario files, validated with ajv. Pure data.
import { APPROVAL_POLICIES, SANDBOX_MODES } from "../model/permission-modes.js";
import { PROFILE_IDS } from "../profiles/index.js";

const settings = {
  type: "object",
  additionalProperties: false,
  properties: {
    cwd: { type: "string", minLength: 1 },
    sandbox: { enum: [...SANDBOX_MODES] },
    approval: { enum: [...APPROVAL_POLICIES] },
    model: { type: "string", minLength: 1 },
    date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    timezone: { type: "string", minLength: 1 },
    shell: { type: "string", minLength: 1 },
    networkAccess: { type: "boolean" },
    writableRoots: { type: "array", items: { type: "string" } },
    developerInstructions: { type: "string" },
    network: {
      type: "object",
      additionalProperties: false,
      required: ["allowed", "denied"],
      properties: {
        allowed: { type: "array", items: { type: "string" } },
        denied: { type: "array", items: { type: "string" } },
      },
    },
  },
} as const;

// Items must have the shape src/model/items.ts describes: anything less would reach the request as garbage.
const textPart = {
  type: "object",
  required: ["type"],
  properties: { type: { enum: ["input_text", "output_text", "input_image"] } },
  allOf: [
    {
      if: { properties: { type: { enum: ["input_text", "output_text"] } } },
      then: { required: ["text"], properties: { text: { type: "string" } } },
    },
    {
      if: { properties: { type: { const: "input_image" } } },
      then: { required: ["image_url"], properties: { image_url: { type: "string" } } },
    },
  ],
} as const;

// `description` words the error when no branch matches (parse-scenario reports a oneOf as "must be <description>").
const callOutput = {
  description: "a string or an array of content parts",
  oneOf: [{ type: "string" }, { type: "array", items: textPart }],
} as const;
const summaryPart = {
  type: "object",
  required: ["type", "text"],
  properties: { type: { const: "summary_text" }, text: { type: "string" } },
} as const;

const item = {
  type: "object",
  required: ["type"],
  properties: {
    type: {
      enum: [
        "message",
        "function_call",
        "function_call_output",
        "custom_tool_call",
        "custom_tool_call_output",
        "reasoning",
        "compaction",
        "ghost_snapshot",
        "web_search_call",
      ],
    },
  },
  allOf: [
    {
      if: { properties: { type: { const: "message" } } },
      then: {
        required: ["role", "content"],
        properties: {
          role: { enum: ["developer", "user", "assistant", "system"] },
          content: { type: "array", items: textPart },
        },
      },
    },
    {
      if: { properties: { type: { const: "function_call" } } },
      then: {
        required: ["call_id", "name", "arguments"],
        properties: { call_id: { type: "string" }, name: { type: "string" }, arguments: { type: "string" } },
      },
    },
    {
      if: { properties: { type: { const: "custom_tool_call" } } },
      then: {
        required: ["call_id", "name", "input"],
        properties: { call_id: { type: "string" }, name: { type: "string" }, input: { type: "string" } },
      },
    },
    {
      if: { properties: { type: { enum: ["function_call_output", "custom_tool_call_output"] } } },
      then: { required: ["call_id", "output"], properties: { call_id: { type: "string" }, output: callOutput } },
    },
    {
      if: { properties: { type: { const: "reasoning" } } },
      then: { required: ["summary"], properties: { summary: { type: "array", items: summaryPart } } },
    },
    {
      if: { properties: { type: { const: "compaction" } } },
      then: { required: ["encrypted_content"], properties: { encrypted_content: { type: "string" } } },
    },
    {
      if: { properties: { type: { const: "ghost_snapshot" } } },
      then: {
        required: ["ghost_commit"],
        properties: {
          ghost_commit: {
            type: "object",
            required: ["id", "parent", "preexisting_untracked_files", "preexisting_untracked_dirs"],
            properties: {
              id: { type: "string" },
              parent: { type: ["string", "null"] },
              preexisting_untracked_files: { type: "array", items: { type: "string" } },
              preexisting_untracked_dirs: { type: "array", items: { type: "string" } },
            },
          },
        },
      },
    },
  ],
} as const;

/**
 * What a harness profile's own discovery reads of a scenario (the rest feed Codex's TurnContext discovery): the
 * settings keys, and per turn the message and the reply a later turn continues from.
 */
export const HARNESS_SCENARIO_KEYS = {
  top: ["name", "description", "profile", "home", "files", "session", "settings", "turns"],
  settings: ["cwd", "model", "date", "timezone"],
  turn: ["user", "settings", "assistant", "breaksCache"],
} as const;

export const SCENARIO_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  $id: "https://promptc.dev/schemas/scenario.json",
  title: "promptc scenario",
  type: "object",
  additionalProperties: false,
  required: ["profile", "session", "settings", "turns"],
  properties: {
    name: { type: "string", pattern: "^[a-z0-9][a-z0-9._-]*$" },
    description: { type: "string" },
    profile: { enum: [...PROFILE_IDS] },
    codexHome: { type: "string", minLength: 1 },
    home: { type: "string", minLength: 1 },
    files: {
      type: "object",
      propertyNames: { pattern: "^/" },
      additionalProperties: {
        oneOf: [
          { type: "string" },
          { type: "object", additionalProperties: false, required: ["dir"], properties: { dir: { const: true } } },
        ],
      },
    },
    session: {
      type: "object",
      additionalProperties: false,
      required: ["id"],
      properties: {
        id: { type: "string", minLength: 1 },
        date: settings.properties.date,
        timezone: settings.properties.timezone,
        shell: settings.properties.shell,
      },
    },
    settings: { ...settings, required: ["cwd"] },
    turns: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["user"],
        properties: {
          user: { type: "string" },
          images: { type: "array", items: { type: "string" } },
          settings,
          assistant: { type: "string" },
          items: { type: "array", items: item },
          breaksCache: { type: "boolean" },
        },
      },
    },
  },
} as const;
