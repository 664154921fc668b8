// The CLI's standard output and error without Node's stream objects where the platform allows: reading
// process.stdout builds a stream (a file or /dev/null loads Node's ~20 stream modules, a pipe or terminal also
// net), about a tenth of a warm `promptc preview`'s own instructions, for output that Node writes synchronously on
// POSIX anyway. Does IO.
import { fstatSync, statSync, writeSync } from "node:fs";
import { isatty } from "node:tty";

/**
 * A writer to fd 1 or 2. On POSIX each text is written synchronously, as Node's own streams write files, pipes
 * and terminals there; a descriptor left non-blocking by another process (EAGAIN) hands the rest to Node's stream
 * from then on. Windows always takes the stream (its console wants Node's UTF-16 conversion). A reader that stops
 * early (`promptc lint -f json | head`) closes the pipe: the rest of the output is dropped quietly instead of
 * crashing on EPIPE.
 */
export function writerTo(name: "stdout" | "stderr"): (text: string | Uint8Array) => void {
  const fd = name === "stdout" ? 1 : 2;
  let stream: NodeJS.WriteStream | undefined;
  let closed = false;
  const toStream = (data: string | Uint8Array): void => {
    if (stream === undefined) {
      stream = process[name];
      stream.on("error", (err: NodeJS.ErrnoException) => {
        if (err.code !== "EPIPE") throw err;
      });
    }
    stream.write(data);
  };
  return (text) => {
    if (closed) return;
    if (stream !== undefined || process.platform === "win32") return toStream(text);
    const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === "EPIPE") closed = true;
      else if (code === "EAGAIN") toStream(bytes.subarray(done));
      else throw err;
    }
  };
}

/**
 * Whether fd 1 or 2 is a terminal, as process.stdout.isTTY would say, without building the stream: a file or
 * pipe is no character device, and /dev/null (hooks, editors' runs) is one but no terminal; only another character
 * device asks node:tty (loaded on that first use: esbuild.config.mjs).
 */
export function isTerminal(fd: 1 | 2): boolean {
  if (process.platform === "win32") return isatty(fd);
  let rdev: number;
  try {
    const stats = fstatSync(fd);
    if (!stats.isCharacterDevice()) return false;
    rdev = stats.rdev;
  } catch {
    // A closed descriptor: Node's stream would be a no-op one, no terminal.
    return false;
  }
  try {
    if (rdev === statSync("/dev/null").rdev) return false;
  } catch {
    // no /dev/null to compare with
  }
  return isatty(fd);
}
