// `promptc tokens [file|-]`: exact token count of a file or standard input. Does IO (CLI edge).
import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { utf8Length, type EncodingName } from "../../tokens/index.js";
import { EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import type { RegisterCommand } from "./register-command.js";
import { cannotRead } from "../../model/file-error.js";

const ENCODINGS: readonly EncodingName[] = ["o200k_base", "cl100k_base"];

interface TokensOptions {
  encoding: string;
  json?: boolean;
}

async function readInput(source: string, io: CliIO): Promise<{ text: string; invalidUtf8: boolean } | { error: string }> {
  let bytes: Uint8Array;
  if (source === "-") {
    if (!io.readStdin) return { error: "standard input is not available" };
    return { text: await io.readStdin(), invalidUtf8: false };
  }
  try {
    bytes = readFileSync(source);
  } catch (err) {
    return { error: cannotRead(source, err) };
  }
  const invalidUtf8 = !isValidUtf8(bytes);
  return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), invalidUtf8 };
}

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export const registerTokens: RegisterCommand = (program: Command, io, setExitCode) => {
  program
    .command("tokens")
    .description("count the exact tokens of a file or standard input")
    .argument("[file]", "file to count, or - for standard input", "-")
    .option("--encoding <name>", `tokenizer encoding (${ENCODINGS.join(", ")})`, "o200k_base")
    .option("--json", "print a JSON object")
    .action(async (file: string, options: TokensOptions) => {
      if (!ENCODINGS.includes(options.encoding as EncodingName)) {
        io.stderr(`promptc tokens: unknown encoding '${options.encoding}' (expected ${ENCODINGS.join(" or ")})\n`);
        return setExitCode(EXIT_USAGE);
      }
      const input = await readInput(file, io);
      if ("error" in input) {
        io.stderr(`promptc tokens: ${input.error}\n`);
        return setExitCode(EXIT_USAGE);
      }
      const encoding = options.encoding as EncodingName;
      const tokens = tokenCounterOf(io).count(input.text, encoding);
      const bytes = utf8Length(input.text);
      if (input.invalidUtf8) {
        io.stderr(`promptc tokens: warning: ${file} is not valid UTF-8; invalid bytes were counted as U+FFFD\n`);
      }
      if (options.json) {
        writeExact(io, JSON.stringify({ file, encoding, tokens, bytes, invalidUtf8: input.invalidUtf8 }) + "\n");
      } else {
        io.stdout(`${tokens}\n`);
      }
      setExitCode(EXIT_OK);
    });
};
