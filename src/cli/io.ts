// What a CLI command may touch: output streams, the process environment and the token counter, passed in so
// tests can capture them.
import { createTokenCounter, type TokenCounter } from "../tokens/count.js";

export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTTY: boolean;
  env: { [key: string]: string | undefined };
  cwd: string;
  /**
   * Machine output (JSON, SARIF, request bodies, a fixed file on stdout): written unchanged. `run` sets it and
   * sanitises `stdout`/`stderr` for the terminal; callers without the split get `stdout` (see writeExact).
   */
  stdoutExact?: (text: string) => void;
  /** Standard input, read fully; undefined when it is longer than `maxBytes` (read no further). Tests pass a string. */
  readStdin?: (options?: { maxBytes?: number }) => Promise<string | undefined>;
  /** The run's exact token counter (bin.ts: memoised, with the on-disk cache); tests may leave it out. */
  tokens?: TokenCounter;
}

/** The counter a command counts with: the one the process passed in, else a fresh one for this command. */
export function tokenCounterOf(io: CliIO): TokenCounter {
  return io.tokens ?? createTokenCounter();
}

/** Writes machine-readable output byte-exact (never through the terminal sanitiser). */
export function writeExact(io: CliIO, text: string): void {
  (io.stdoutExact ?? io.stdout)(text);
}

/** Exit codes (as the README states): 0 ok, 1 findings/differences, 2 usage or config error. */
export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;
