// The registry of CLI verbs: verb → a loader of its module, so a run loads only the verb it needs
// (start-up cost matters for `preview`). Add one line per verb.
import type { Command } from "commander";
import type { CliIO } from "../io.js";

export type RegisterCommand = (program: Command, io: CliIO, setExitCode: (code: number) => void) => void;

export const commands: { readonly [verb: string]: () => Promise<RegisterCommand> } = {
  preview: async () => (await import("./preview.js")).registerPreview,
  tokens: async () => (await import("./tokens.js")).registerTokens,
  run: async () => (await import("./run.js")).registerRun,
  compact: async () => (await import("./compact.js")).registerCompact,
};
