// Conformance: the real Codex CLI's inline (local) compaction against promptc's pure compaction and its dry run.
// Three `codex exec` turns against a loopback Responses stub that reports huge usage, so Codex compacts before
// turns 2 and 3; skipped when the binary cannot be found or installed (see find-agent.ts).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/program.js";
import { compactCodexLocal } from "../../src/compact/codex-local-strategy.js";
import { initialContextFromHistory } from "../../src/compact/initial-context-from-history.js";
import { parseRollout } from "../../src/session-log/parse-rollout.js";
import { parseRolloutItem } from "../../src/session-log/parse-rollout-item.js";
import type { ResponseItem } from "../../src/model/items.js";
import { findAgent } from "./find-agent.js";
import { startResponsesStub, stubProviderToml, type ResponsesStub } from "./responses-stub.js";
import { skipBecause } from "../skip-because.js";

const codex = findAgent("codex");
const REPORTED_INPUT_TOKENS = 60_000;
const CONFIG_LIMIT = 5_000;
const REPLY = "Done.";
/** Per `codex exec`; a loaded 2-core machine can be slow, and a hung agent must not hang the suite. */
const EXEC_TIMEOUT_MS = 150_000;

interface Body {
  input: unknown[];
  tools?: unknown[];
}

function findRollout(dir: string): string | undefined {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      const found = findRollout(p);
      if (found) return found;
    } else if (name.startsWith("rollout-") && name.endsWith(".jsonl")) return p;
  }
  return undefined;
}

const withoutIds = (items: readonly ResponseItem[]) =>
  items.map(({ id: _id, ...rest }: ResponseItem & { id?: string }) => rest);
const items = (input: unknown[]) =>
  input.map((raw) => {
    const parsed = parseRolloutItem(raw);
    if (!parsed.ok) throw new Error(parsed.reason);
    return parsed.item;
  });
const assistantReply: ResponseItem = {
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text: REPLY }],
};
const lastText = (b: Body) => JSON.stringify(b.input.at(-1));

describe.skipIf(skipBecause("conformance codex-cli inline compaction", "skip" in codex ? codex.skip : undefined))(
  `codex-cli ${"version" in codex ? codex.version : ""} inline compaction`,
  () => {
    const bin = "bin" in codex ? codex.bin : "";
    const bodies: Body[] = [];
    const runs: { args: string[]; code: number | null; signal: string | null; output: string }[] = [];
    let stub: ResponsesStub | undefined;
    let root: string;
    let home: string;
    /** The rollout as it stood after turn 2 (before Codex compacted for turn 3). */
    let rolloutAfterTurn2 = "";

    beforeAll(async () => {
      stub = await startResponsesStub(bodies, { reply: REPLY, inputTokens: REPORTED_INPUT_TOKENS });
      root = mkdtempSync(join(tmpdir(), "promptc-conf-compact-"));
      home = join(root, "home");
      const ws = join(root, "ws");
      mkdirSync(home);
      mkdirSync(join(ws, ".git"), { recursive: true });
      writeFileSync(join(ws, "AGENTS.md"), "# conformance workspace\nKeep answers short.\n");
      writeFileSync(
        join(home, "config.toml"),
        `model = "gpt-5.2-codex"\nmodel_provider = "stub"\nmodel_auto_compact_token_limit = ${CONFIG_LIMIT}\n${stubProviderToml(stub.baseUrl)}`,
      );
      // HOME too: nothing of the machine's own ~/.codex or ~/.agents may leak into the run.
      const env = { PATH: process.env.PATH, HOME: root, CODEX_HOME: home, STUB_KEY: "x", LANG: "C.UTF-8" };
      const exec = (args: string[]) =>
        new Promise<void>((resolve) => {
          // Asynchronous so the stub in this process can answer; stdin closed or `codex exec` waits for more input.
          const child = spawn(bin, ["exec", "--skip-git-repo-check", ...args], {
            cwd: ws,
            env,
            stdio: ["ignore", "pipe", "pipe"],
            timeout: EXEC_TIMEOUT_MS,
          });
          let output = "";
          child.stdout.on("data", (c: Buffer) => (output += c.toString()));
          child.stderr.on("data", (c: Buffer) => (output += c.toString()));
          child.on("close", (code, signal) => {
            runs.push({ args, code, signal, output });
            resolve();
          });
        });
      await exec(["first task"]);
      await exec(["resume", "--last", "second task"]);
      rolloutAfterTurn2 = readFileSync(findRollout(home)!, "utf8");
      await exec(["resume", "--last", "third task"]);
    });

    afterAll(async () => {
      await stub?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    // Requests by role, not by position: any extra request Codex might add cannot shift them.
    const compactions = () => bodies.filter((b) => (b.tools ?? []).length === 0);
    const turn = (task: string) => bodies.find((b) => (b.tools ?? []).length > 0 && lastText(b).includes(task));

    it("ran three turns and compacted before turns 2 and 3", () => {
      expect(
        runs.map((r) => ({ args: r.args, code: r.code, signal: r.signal })),
        runs.map((r) => r.output).join("\n---\n"),
      ).toEqual([
        { args: ["first task"], code: 0, signal: null },
        { args: ["resume", "--last", "second task"], code: 0, signal: null },
        { args: ["resume", "--last", "third task"], code: 0, signal: null },
      ]);
      expect(compactions()).toHaveLength(2);
      expect([turn("first task"), turn("second task"), turn("third task")].every(Boolean)).toBe(true);
    });

    // Each compaction request holds the history (after the base-instructions item) plus the summarization prompt;
    // the next turn's request holds the compacted history, then the new task.
    it.each([
      [0, "second task"],
      [1, "third task"],
    ])(
      "matches promptc's compacted history item for item (compaction %i, data-derived items byte-identical)",
      (n, task) => {
        const compactRequest = items(compactions()[n]!.input);
        const nextTurn = items(turn(task)!.input);
        const history = compactRequest.slice(1, -1);
        const rollout = parseRollout(readFileSync(findRollout(home)!, "utf8"));
        const summaryMessage = rollout.value.compactions[n]!.message;
        // The prefix comes from this run's own log (never shipped): message = prefix + "\n" + reply.
        const prefix = summaryMessage.slice(0, summaryMessage.length - REPLY.length - 1);
        const ours = compactCodexLocal({
          strategy: "codex-local",
          history,
          summaryPrefix: prefix,
          summaryReply: REPLY,
          knownSummaries: new Set(rollout.value.summaryTexts),
          initialContext: initialContextFromHistory(history).items,
        });
        expect(withoutIds(nextTurn.slice(1, -1))).toEqual(withoutIds(ours.history));
        expect(JSON.stringify(withoutIds(nextTurn.slice(1, -1)))).toBe(JSON.stringify(withoutIds(ours.history)));
      },
    );

    it("reads the rollout Codex wrote: history equals the last request plus the reply, no problems", () => {
      const rollout = parseRollout(readFileSync(findRollout(home)!, "utf8"));
      expect(rollout.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
      const lastRequest = items(turn("third task")!.input).slice(1);
      expect(withoutIds(rollout.value.history)).toEqual(withoutIds([...lastRequest, assistantReply]));
      expect(rollout.value.lastTotalTokens).toBe(REPORTED_INPUT_TOKENS + 5);
    });

    it("`promptc compact` on the turn-2 rollout predicts the history Codex sent after compacting for turn 3", async () => {
      const file = join(root, "after-turn-2.jsonl");
      writeFileSync(file, rolloutAfterTurn2);
      let stdout = "";
      let stderr = "";
      // The limit is config, not log data: point the dry run at the CODEX_HOME config the run used.
      const code = await run(["compact", file, "--json", "--summary", REPLY, "--config", join(home, "config.toml")], {
        stdout: (s) => void (stdout += s),
        stderr: (s) => void (stderr += s),
        isTTY: false,
        env: {},
        cwd: root,
      });
      expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
      const json = JSON.parse(stdout) as {
        history: ResponseItem[];
        threshold: { limit: number; decision: { compact: boolean } };
        summaryPrefixFrom: string;
      };
      expect(json.threshold).toMatchObject({ limit: CONFIG_LIMIT, decision: { compact: true } });
      expect(json.summaryPrefixFrom).toMatch(/^the log \(compaction at line \d+\)$/);
      expect(withoutIds(json.history)).toEqual(withoutIds(items(turn("third task")!.input).slice(1, -1)));
    });
  },
);
