// The registry of CLI verbs: verb → a loader of its module, so a run loads only the verb it needs
// (start-up cost matters for `preview`). Add one line per verb.
import type { RegisterCommand } from "./register-command.js";

export const commands: { readonly [verb: string]: () => Promise<RegisterCommand> } = {
  preview: async () => (await import("./preview.js")).registerPreview,
  tokens: async () => (await import("./tokens.js")).registerTokens,
  lint: async () => (await import("./lint.js")).registerLint,
  schema: async () => (await import("./schema.js")).registerSchema,
  explain: async () => (await import("./explain.js")).registerExplain,
  run: async () => (await import("./run.js")).registerRun,
  snapshot: async () => (await import("./snapshot.js")).registerSnapshot,
  diff: async () => (await import("./diff.js")).registerDiff,
  compact: async () => (await import("./compact.js")).registerCompact,
  capture: async () => (await import("./capture.js")).registerCapture,
  calibrate: async () => (await import("./calibrate.js")).registerCalibrate,
  agents: async () => (await import("./agents.js")).registerAgents,
  sessions: async () => (await import("./sessions.js")).registerSessions,
};
