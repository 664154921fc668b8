// Runs one tool process in a process group of its own and ends with its direct child; does IO.
// Timeout and cancellation kill the whole group; once the child exits, what it left in the group is killed too (unless
// the caller keeps background processes), and pipes a grandchild still holds no longer keep the call open.
import { spawn } from "node:child_process";

export interface ProcessGroupRun {
  exitCode: number | null;
  signal: string | null;
  /** Combined stdout and stderr as captured (see CaptureLimits). */
  output: string;
  wallMs: number;
  timedOut: boolean;
  aborted: boolean;
  spawnError?: string;
}

export interface RunProcessGroupOptions {
  program: string;
  args: readonly string[];
  /** What the program sees as argv[0] (its name as the model wrote it). */
  argv0?: string;
  cwd: string;
  env: { [name: string]: string };
  timeoutMs: number;
  signal: AbortSignal;
  /** An abort with this reason counts as the timeout firing (the loop's own timer), not as a cancellation. */
  timeoutReason?: unknown;
  /** Leave processes the command started running after it exits (danger-full-access, when the user asked). */
  keepBackground?: boolean;
  /** In-memory capture cap; the middle beyond it is dropped and reported. */
  captureMaxBytes: number;
}

/** After the direct child exits, how long output still in the pipes is read before they are closed. */
export const PIPE_DRAIN_MS = 200;

export function runProcessGroup(o: RunProcessGroupOptions): Promise<ProcessGroupRun> {
  const started = Date.now();
  return new Promise((done) => {
    const capture = createCapture(o.captureMaxBytes);
    let timedOut = false;
    let aborted = false;
    let finished = false;
    let exited = false;
    let drain: ReturnType<typeof setTimeout> | undefined;
    // detached: setsid(), so the child leads a new session and process group; a kill of -pid reaches its descendants.
    const child = spawn(o.program, [...o.args], {
      cwd: o.cwd,
      env: o.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      ...(o.argv0 !== undefined ? { argv0: o.argv0 } : {}),
    });
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, o.timeoutMs);
    const onAbort = () => {
      if (o.signal.reason === o.timeoutReason) timedOut = true;
      else aborted = true;
      killGroup();
    };
    o.signal.addEventListener("abort", onAbort, { once: true });
    if (o.signal.aborted) onAbort();
    child.stdout.on("data", (b: Buffer) => capture.add(b));
    child.stderr.on("data", (b: Buffer) => capture.add(b));
    const finish = (run: Partial<ProcessGroupRun>) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(drain);
      o.signal.removeEventListener("abort", onAbort);
      child.stdout.destroy();
      child.stderr.destroy();
      child.unref();
      done({
        exitCode: null,
        signal: null,
        output: capture.text(),
        wallMs: Date.now() - started,
        timedOut,
        aborted,
        ...run,
      });
    };
    child.on("error", (err) => finish({ spawnError: err.message }));
    child.on("exit", (code, sig) => {
      exited = true;
      if (!o.keepBackground) killGroup();
      // Output the child wrote just before exiting is still in the pipes; a grandchild may hold them open forever.
      // The timer only arms the end: setImmediate runs after the next poll, so output already in a pipe is read even
      // when a busy machine let the timer expire before this process could read it.
      drain = setTimeout(() => setImmediate(() => finish({ exitCode: code, signal: sig })), PIPE_DRAIN_MS);
    });
    child.on("close", (code, sig) => {
      if (exited) finish({ exitCode: code, signal: sig });
    });
  });
}

/** Keeps the first and last maxBytes / 2 bytes; a runaway command cannot exhaust memory. */
function createCapture(maxBytes: number) {
  const half = maxBytes / 2;
  let head = Buffer.alloc(0);
  const tail: Buffer[] = [];
  let tailBytes = 0;
  let dropped = 0;
  return {
    add(b: Buffer) {
      if (head.length < half) {
        const take = b.subarray(0, half - head.length);
        head = Buffer.concat([head, take]);
        b = b.subarray(take.length);
      }
      if (b.length === 0) return;
      tail.push(b);
      tailBytes += b.length;
      while (tailBytes > half && tail.length > 0) {
        const first = tail[0]!;
        const excess = tailBytes - half;
        if (first.length <= excess) {
          tail.shift();
          tailBytes -= first.length;
          dropped += first.length;
        } else {
          tail[0] = first.subarray(excess);
          tailBytes -= excess;
          dropped += excess;
        }
      }
    },
    text() {
      const note = dropped > 0 ? `\n[${dropped} bytes of output dropped while capturing]\n` : "";
      return head.toString("utf8") + note + Buffer.concat(tail).toString("utf8");
    },
  };
}
