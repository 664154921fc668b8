// The JSON Schema of `promptc sessions --json` (one session's report, or the listing), printed by
// `promptc schema sessions`. Pure data.
import { SESSION_AGENTS } from "../session-log/logged-session.js";

const count = { type: "integer", minimum: 0 } as const;
const share = { type: "number", minimum: 0, maximum: 1 } as const;
const cause = {
  type: "object",
  required: ["kind", "message"],
  properties: {
    kind: {
      enum: [
        "compaction",
        "model-switch",
        "tools",
        "instructions",
        "skills",
        "environment",
        "permissions",
        "system-prompt",
        "parameters",
        "history",
        "expired",
        "unexplained",
      ],
    },
    layer: { type: "string", description: "the first layer of the request that differs from the previous one" },
    message: { type: "string", description: "what changed, in the user's terms" },
  },
} as const;
const figures = {
  input: count,
  cached: count,
  cacheWrite: count,
  output: count,
} as const;
const totals = {
  type: "object",
  required: ["requests", "input", "cached", "cacheWrite", "output", "prompt", "rebilled", "hitShare"],
  properties: {
    requests: count,
    ...figures,
    prompt: count,
    rebilled: count,
    hitShare: share,
    cost: { type: "number" },
  },
} as const;
const worstMiss = {
  type: "object",
  required: ["request", "rebilled", "cause"],
  properties: { request: count, rebilled: count, cause },
} as const;
const head = {
  file: { type: "string" },
  agent: { enum: SESSION_AGENTS },
  sessionId: { type: "string" },
  cwd: { type: "string" },
} as const;

const report = {
  type: "object",
  required: [
    "file",
    "agent",
    "provider",
    "semantics",
    "usageNote",
    "cacheLifetime",
    "requests",
    "compactions",
    "totals",
    "notes",
  ],
  properties: {
    ...head,
    provider: { enum: ["openai", "anthropic", "google"] },
    semantics: {
      enum: ["input-includes-cached", "input-excludes-cached"],
      description: "how the agent's logged input relates to its cached figure",
    },
    usageNote: { type: "string" },
    cacheLifetime: { type: "string" },
    requests: {
      type: "array",
      items: {
        type: "object",
        required: ["n", "line", "kind", "input", "cached", "cacheWrite", "output", "prompt", "hitShare"],
        properties: {
          n: count,
          line: count,
          at: { type: "string" },
          kind: { enum: ["turn", "compaction", "subagent"] },
          model: { type: "string" },
          ...figures,
          prompt: count,
          hitShare: share,
          gapSeconds: { type: "number" },
          miss: {
            type: "object",
            required: ["expected", "rebilled", "cause"],
            properties: { expected: count, rebilled: count, cause },
          },
          cost: { type: "number" },
          layers: {
            type: "array",
            items: {
              type: "object",
              required: ["name", "label", "changed"],
              properties: { name: { type: "string" }, label: { type: "string" }, changed: { type: "boolean" } },
            },
          },
        },
      },
    },
    compactions: {
      type: "array",
      items: {
        type: "object",
        required: ["line", "afterRequest", "dropped"],
        properties: {
          line: count,
          afterRequest: count,
          tokensBefore: count,
          tokensAfter: count,
          itemsAfter: count,
          itemsDropped: count,
          dropped: { type: "string" },
          summaryChars: count,
        },
      },
    },
    totals,
    recordedTotal: { type: "object", required: ["input", "cached", "cacheWrite", "output"], properties: figures },
    worstMiss,
    currency: { type: "string" },
    notes: { type: "array", items: { type: "string" } },
  },
} as const;

export const SESSIONS_JSON_SCHEMA = {
  $schema: "http://json-schema.org/draft-07/schema#",
  title: "promptc sessions --json",
  oneOf: [
    { $ref: "#/definitions/report" },
    {
      type: "object",
      required: ["sessions"],
      properties: {
        sessions: {
          type: "array",
          items: {
            type: "object",
            required: ["file", "agent", "modified", "bytes", "totals"],
            properties: { ...head, modified: { type: "string" }, bytes: count, totals, worstMiss },
          },
        },
      },
    },
  ],
  definitions: { report },
} as const;
