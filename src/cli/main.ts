// One promptc run in this process: argv and the process's streams handed to the CLI; resolves to the exit code.
// Each verb's bundle starts here (bin.ts loads the bundle and calls main). Does IO.
import { run } from "./program.js";
import { isTerminal, writerTo } from "./standard-streams.js";
import { homeDirectory } from "../host/node-os.js";
import { openDefaultTokenCache } from "../host/token-cache.js";
import { createTokenCounter } from "../tokens/count.js";

/** Standard input as UTF-8; undefined as soon as it grows past `maxBytes` (`promptc tokens < /dev/zero`). */
async function readStdin(options: { maxBytes?: number } = {}): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (options.maxBytes !== undefined && size > options.maxBytes) {
      process.stdin.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The working directory, or undefined when it was deleted (process.cwd() throws ENOENT then). */
function workingDirectory(): string | undefined {
  try {
    return process.cwd();
  } catch {
    return undefined;
  }
}

// bin.ts asks it for the code cache's variant when the run is over.
export { runVariantParts } from "./run-variant.js";

export async function main(argv: string[]): Promise<number> {
  const stdout = writerTo("stdout");
  const stderr = writerTo("stderr");
  const cwd = workingDirectory();
  if (cwd === undefined) {
    stderr("promptc: the current directory no longer exists (was it deleted?); cd into an existing one\n");
    return 2;
  }
  // Exact token counts are memoised on disk across runs (PROMPTC_TOKEN_CACHE=off disables it); the file is read
  // on the first count, so runs that count nothing never open it.
  const tokenCache = openDefaultTokenCache(process.env, homeDirectory());
  const tokens = createTokenCounter(tokenCache ? { cache: tokenCache } : {});
  try {
    return await run(argv, {
      stdout,
      stderr,
      isTTY: isTerminal(1),
      env: process.env,
      cwd,
      readStdin,
      tokens,
    });
  } finally {
    tokenCache?.flush();
  }
}
