// Issue 10: the token counter is created once (bin.ts: memoised, with the disk cache) and handed to every verb in
// `io.tokens`; `run` and `capture` count with that one, not with a fresh uncached counter of their own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { hasEnvelopeLayout, PROFILE_LIST } from "../../src/profiles/index.js";
import { createTokenCounter } from "../../src/tokens/count.js";
import { capture } from "./cli-capture.js";

const root = mkdtempSync(join(tmpdir(), "promptc-counter-"));
const work = join(root, "work");
const home = join(root, "home");
mkdirSync(join(home, ".codex"), { recursive: true });
mkdirSync(work, { recursive: true });
writeFileSync(join(work, "AGENTS.md"), "Use tabs.\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FAKE = fileURLToPath(new URL("../capture/fixtures/fake-agent.mjs", import.meta.url));

/** How many texts the counter was asked about (counted or answered from its memo/cache). */
const asked = (t: ReturnType<typeof createTokenCounter>) => {
  const s = t.stats();
  return s.counted + s.memoHits + s.cacheHits;
};

describe("the token counter handed in", () => {
  it("is the one `run` counts the request with", async () => {
    const tokens = createTokenCounter();
    const c = capture(work, { HOME: home, CODEX_HOME: join(home, ".codex"), PATH: process.env.PATH ?? "" });
    expect(await run(["run", "--dry-run", "hi"], { ...c.io, tokens })).toBe(0);
    expect(asked(tokens)).toBeGreaterThan(0);
  });

  it("is the one `capture` counts its request views with", async () => {
    const tokens = createTokenCounter();
    const c = capture(process.cwd(), { PATH: process.env.PATH ?? "", FAKE_AGENT_MODE: "claude" });
    expect(await run(["capture", "--agent", "claude-code", "--", FAKE, "hi"], { ...c.io, tokens })).toBe(0);
    expect(c.out()).toContain("tokens: o200k_base counts");
    expect(asked(tokens)).toBeGreaterThan(0);
  });

  it("is the one `preview --scenario` counts with", async () => {
    const tokens = createTokenCounter();
    const scenario = join(import.meta.dirname, "..", "..", "fixtures", "scenarios", "two-turn.yaml");
    const c = capture(process.cwd(), { PATH: process.env.PATH ?? "" });
    expect(await run(["preview", "--scenario", scenario, "--no-text"], { ...c.io, tokens })).toBe(0);
    expect(asked(tokens)).toBeGreaterThan(0);
  });

  it.each(PROFILE_LIST.filter((p) => !hasEnvelopeLayout(p)).map((p) => p.id))(
    "is the one `preview --profile %s` counts its layers with",
    async (id) => {
      const tokens = createTokenCounter();
      const c = capture(work, { HOME: home, PATH: "" });
      expect(await run(["preview", "--profile", id, "--home", home, "hi"], { ...c.io, tokens })).toBe(0);
      expect(asked(tokens)).toBeGreaterThan(0);
    },
  );
});
