// The shape of a CLI verb's module: it adds its command to the program and reports its exit code. Types only.
import type { Command } from "commander";
import type { CliIO } from "../io.js";

export type RegisterCommand = (program: Command, io: CliIO, setExitCode: (code: number) => void) => void;
