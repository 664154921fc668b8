// The registry of CLI verbs. Add one line per verb.
import type { Command } from "commander";
import type { CliIO } from "../io.js";
import { registerTokens } from "./tokens.js";
import { registerPreview } from "./preview.js";
import { registerRun } from "./run.js";

export type RegisterCommand = (program: Command, io: CliIO, setExitCode: (code: number) => void) => void;

export const commands: RegisterCommand[] = [
  registerPreview,
  registerTokens,
  registerRun,
];
