// `npm run bench:loop`: the loop's own cost per step (request building, stream folding, tool dispatch, events,
// session records) with a zero-cost model and a no-op tool, as a ratio to compile() of the same turn.
// Runs on dist/ (after `npm run build`). Prints numbers; never fails on speed.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
if (!existsSync(join(DIST, "loop", "run-turn.js"))) {
  console.error("bench: dist/ is missing; run `npm run build` first");
  process.exit(2);
}
const { compile } = await import(join(DIST, "compile", "index.js"));
const { runTurn } = await import(join(DIST, "loop", "run-turn.js"));
const { createToolRegistry } = await import(join(DIST, "loop", "tools", "tool-registry.js"));
const { createSessionRecorder } = await import(join(DIST, "loop", "create-session-recorder.js"));
const { toolSpecOf } = await import(join(DIST, "loop", "tool.js"));

const STEPS = Number(process.env.BENCH_STEPS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const noop = {
  name: "noop",
  kind: "read",
  description: "Does nothing.",
  parameters: { type: "object", properties: { n: { type: "integer" } }, required: ["n"], additionalProperties: false },
  execute: async (args) => ({ output: `ok ${args.n}`, success: true }),
};

const ctx = {
  model: "bench-1",
  sessionId: "019a0000-0000-7000-8000-00000000beef",
  environment: { cwd: "/repo", shell: "bash", currentDate: "2026-11-29", timezone: "Etc/UTC" },
  permissions: {
    sandbox: "workspace-write",
    approval: "never",
    networkAccess: false,
    configuredWritableRoots: [],
    tmpExists: true,
    approvedPrefixes: [],
  },
  userInstructions: {
    projectDocs: [
      {
        path: "/repo/AGENTS.md",
        text: "Keep changes small and run the tests.\n".repeat(100),
        sizeBytes: 3800,
        keptBytes: 3800,
      },
    ],
    budgetBytes: 32 * 1024,
  },
  skills: { roots: [], skills: [] },
  userInput: { text: "Do the benchmark task.", images: [] },
};

/** A model that costs nothing: precomputed events, a tool call per step, then an answer. */
function zeroCostProvider(steps) {
  let served = 0;
  return {
    name: "zero",
    async *stream() {
      served++;
      const usage = {
        inputTokens: 1000,
        cachedInputTokens: 900,
        outputTokens: 10,
        reasoningOutputTokens: 0,
        totalTokens: 1010,
      };
      const item =
        served < steps
          ? { type: "function_call", name: "noop", arguments: `{"n":${served}}`, call_id: `call_${served}` }
          : { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] };
      yield { type: "output_item_added", outputIndex: 0, item: { type: item.type } };
      if (item.type === "message") yield { type: "text_delta", outputIndex: 0, delta: "done" };
      yield { type: "output_item_done", outputIndex: 0, item };
      yield { type: "completed", usage };
    },
  };
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const compiled = compile(ctx, { profile: "promptc", transformTools: () => [toolSpecOf(noop)] });
const compileMs = median(
  Array.from({ length: RUNS * 5 }, () => {
    const t = performance.now();
    compile(ctx, { profile: "promptc", transformTools: () => [toolSpecOf(noop)] });
    return performance.now() - t;
  }),
);

const registry = createToolRegistry([noop]);
async function loopOnce() {
  const recorder = createSessionRecorder({ timestamp: () => "t" });
  let records = 0;
  const t = performance.now();
  const result = await runTurn({
    provider: zeroCostProvider(STEPS),
    request: compiled.request,
    tools: registry,
    cwd: "/repo",
    sandbox: "workspace-write",
    sessionId: ctx.sessionId,
    limits: { maxSteps: STEPS + 1 },
    onEvent: (e) => void (records += recorder.recordsFor(e).length),
    now: () => performance.now(),
  });
  if (result.status !== "completed" || result.steps !== STEPS)
    throw new Error(`unexpected ${result.status} after ${result.steps}`);
  return { ms: performance.now() - t, records };
}

await loopOnce(); // warm up
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const runs = [];
for (let i = 0; i < RUNS; i++) runs.push(await loopOnce());
const heapAfter = process.memoryUsage().heapUsed;
const perStepMs = median(runs.map((r) => r.ms)) / STEPS;

console.log(`compile() of the turn            ${compileMs.toFixed(3)} ms`);
console.log(
  `loop overhead per step           ${perStepMs.toFixed(3)} ms  (${STEPS} steps, zero-cost model, no-op tool, session records on)`,
);
console.log(`ratio (loop step / compile)      ${(perStepMs / compileMs).toFixed(3)}×`);
console.log(
  `heap growth per step (approx.)   ${((heapAfter - heapBefore) / (RUNS * STEPS) / 1024).toFixed(1)} KiB${globalThis.gc ? "" : "  (run with --expose-gc for a steadier figure)"}`,
);
