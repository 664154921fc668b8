// `promptc tokens [file|-]`: exact token count of a file or standard input. Does IO (CLI edge).
import type { Command } from "commander";
import { utf8Length, type EncodingName } from "../../tokens/index.js";
import { EXIT_OK, EXIT_USAGE, tokenCounterOf, writeExact, type CliIO } from "../io.js";
import { INPUT_FILE_MAX_BYTES, readInputText, readStdinCapped } from "../read-input.js";
import type { RegisterCommand } from "./register-command.js";

const ENCODINGS: readonly EncodingName[] = ["o200k_base", "cl100k_base"];

interface TokensOptions {
  encoding: string;
  json?: boolean;
}

async function readInput(
  source: string,
  io: CliIO,
): Promise<{ text: string; invalidUtf8: boolean } | { error: string }> {
  if (source === "-") {
    const read = await readStdinCapped(io, INPUT_FILE_MAX_BYTES);
    return read.ok ? { text: read.text, invalidUtf8: false } : { error: read.error };
  }
  const read = readInputText(io.cwd, source);
  return read.ok ? { text: read.text, invalidUtf8: read.invalidUtf8 } : { error: read.error };
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
