// `npm run bench:session`: (1) nextRequest on turn 1,000 of a session vs turn 1 (target ≤ 2×: the next
// request costs O(new items), not O(history)); (2) commonPrefix of two ~5 MB requests, as a ratio to
// JSON.parse + JSON.stringify of the same bytes. Runs on dist/ (after `npm run build`). Prints numbers only.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
if (!existsSync(join(DIST, "session", "session.js"))) {
  console.error("bench: dist/ is missing; run `npm run build` first");
  process.exit(2);
}
const { createSession, nextRequest, recordItems } = await import(join(DIST, "session", "session.js"));
const { commonPrefix } = await import(join(DIST, "cache", "common-prefix.js"));
const { approxTokens } = await import(join(DIST, "tokens", "index.js"));

const TURNS = Number(process.env.BENCH_TURNS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time(fn, runs = RUNS) {
  fn(); // warm-up
  const out = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return median(out);
}

function ctx(turn) {
  return {
    model: "gpt-5.2-codex",
    sessionId: "0197a000-0000-7000-8000-00000000b001",
    userInstructions: {
      projectDocs: [{ path: "/repo/AGENTS.md", text: "Run the tests.\n".repeat(40), sizeBytes: 600, keptBytes: 600 }],
      budgetBytes: 32768,
    },
    skills: { roots: [], skills: [] },
    environment: {
      cwd: turn % 50 === 0 ? "/repo/pkg" : "/repo",
      shell: "bash",
      currentDate: "2026-11-29",
      timezone: "Etc/UTC",
    },
    permissions: {
      sandbox: "workspace-write",
      approval: "never",
      networkAccess: false,
      configuredWritableRoots: [],
      tmpExists: true,
      approvedPrefixes: [],
    },
    userInput: { text: `step ${turn}: continue with the next file`, images: [] },
  };
}
const reply = (turn) => [
  {
    type: "function_call",
    name: "exec_command",
    arguments: `{"cmd":"sed -n 1,80p src/file-${turn}.ts"}`,
    call_id: `call_${turn}`,
  },
  { type: "function_call_output", call_id: `call_${turn}`, output: `// file ${turn}\n`.repeat(20) },
  { type: "message", role: "assistant", content: [{ type: "output_text", text: `Edited file ${turn}.` }] },
];

for (const profile of ["codex", "promptc"]) {
  let session = createSession({ profile, exactTokens: false });
  for (let t = 1; t < TURNS; t++) session = recordItems(nextRequest(session, ctx(t)).session, reply(t)).session;
  const first = time(() => nextRequest(createSession({ profile, exactTokens: false }), ctx(1)));
  const last = time(() => nextRequest(session, ctx(TURNS)));
  const items = nextRequest(session, ctx(TURNS)).request.input.length;
  console.log(
    `${profile}: turn ${TURNS} (${items} items) ${last.toFixed(2)} ms vs turn 1 ${first.toFixed(2)} ms → ${(last / first).toFixed(2)}× (target ≤ 2×)`,
  );
}

// Two ~5 MB requests: B appends two items to A and rewrites one item in the middle.
const para = "The quick brown fox jumps over the lazy dog while the build runs. ".repeat(16);
const input = Array.from({ length: 5000 }, (_, i) => ({
  type: "message",
  role: i % 2 ? "assistant" : "user",
  content: [{ type: i % 2 ? "output_text" : "input_text", text: `${i}: ${para}` }],
}));
const a = { model: "m", input, tools: [], prompt_cache_key: "k" };
const bInput = [...input, { type: "message", role: "user", content: [{ type: "input_text", text: "one more" }] }];
bInput[2500] = { type: "message", role: "user", content: [{ type: "input_text", text: "rewritten" }] };
const b = { ...a, input: bInput };
const bytes = JSON.stringify(a).length;
const baseline = time(() => JSON.parse(JSON.stringify(a)), 5);
const approx = time(() => commonPrefix(a, b, { countTokens: approxTokens }), 5);
const exact = time(() => commonPrefix(a, b), 3);
console.log(
  `diff of two ${(bytes / 1e6).toFixed(1)} MB requests: approx tokens ${approx.toFixed(0)} ms (${(approx / baseline).toFixed(1)}× JSON round-trip of ${baseline.toFixed(0)} ms), exact o200k ${exact.toFixed(0)} ms (${(exact / baseline).toFixed(1)}×)`,
);
