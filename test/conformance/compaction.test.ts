// Conformance: the real Codex CLI's inline (local) compaction against promptc's pure compaction.
// Runs /tmp/codex (or $CODEX_BIN) against a loopback Responses stub; skipped when the binary is missing.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactCodexLocal } from "../../src/compact/codex-local-strategy.js";
import { initialContextFromHistory } from "../../src/compact/initial-context-from-history.js";
import { parseRollout } from "../../src/session/parse-rollout.js";
import { parseRolloutItem } from "../../src/session/parse-rollout-item.js";
import type { ResponseItem } from "../../src/model/items.js";

const CODEX_BIN = process.env.CODEX_BIN ?? "/tmp/codex/node_modules/.bin/codex";
const REPORTED_INPUT_TOKENS = 60_000;
const CONFIG_LIMIT = 5_000;
const REPLY = "Done.";

// A Responses endpoint that records bodies and always answers REPLY with large usage.
function startStub(bodies: unknown[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (!req.url?.includes("/responses")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"data":[],"models":[]}');
        return;
      }
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      const id = `resp_${bodies.length}`;
      const item = { type: "message", role: "assistant", id: `msg_${bodies.length}`, content: [{ type: "output_text", text: REPLY }] };
      const usage = { input_tokens: REPORTED_INPUT_TOKENS, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: REPORTED_INPUT_TOKENS + 5 };
      const events: [string, unknown][] = [
        ["response.created", { type: "response.created", response: { id } }],
        ["response.output_item.done", { type: "response.output_item.done", item }],
        ["response.completed", { type: "response.completed", response: { id, usage } }],
      ];
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const [name, data] of events) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

function findRollout(dir: string): string | undefined {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      const found = findRollout(p);
      if (found) return found;
    } else if (name.startsWith("rollout-") && name.endsWith(".jsonl")) return p;
  }
  return undefined;
}

const withoutIds = (items: readonly ResponseItem[]) => items.map(({ id: _id, ...rest }: ResponseItem & { id?: string }) => rest);
const items = (input: unknown[]) => input.map((raw) => {
  const parsed = parseRolloutItem(raw);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.item;
});

describe.skipIf(!existsSync(CODEX_BIN))("codex-cli 0.171.0 inline compaction", () => {
  const bodies: { input: unknown[] }[] = [];
  let server: Server;
  let home: string;

  beforeAll(async () => {
    server = await startStub(bodies);
    const port = (server.address() as AddressInfo).port;
    const root = mkdtempSync(join(tmpdir(), "promptc-conf-compact-"));
    home = join(root, "home");
    const ws = join(root, "ws");
    mkdirSync(home);
    mkdirSync(join(ws, ".git"), { recursive: true });
    writeFileSync(join(ws, "AGENTS.md"), "# conformance workspace\nKeep answers short.\n");
    writeFileSync(
      join(home, "config.toml"),
      `model = "gpt-5.2-codex"\nmodel_provider = "stub"\nmodel_auto_compact_token_limit = ${CONFIG_LIMIT}\n[model_providers.stub]\nname = "stub"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nenv_key = "STUB_KEY"\n`,
    );
    const env = { ...process.env, CODEX_HOME: home, STUB_KEY: "x" };
    const exec = (args: string[]) => new Promise<void>((resolve) => {
      // Run asynchronously so the stub in this process can answer.
      // stdin must be closed or `codex exec` waits for more input.
      const child = spawn(CODEX_BIN, ["exec", "--skip-git-repo-check", ...args], { cwd: ws, env, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
      let log = "";
      child.stdout.on("data", (c: Buffer) => (log += c.toString()));
      child.stderr.on("data", (c: Buffer) => (log += c.toString()));
      child.on("close", () => {
        if (process.env.PROMPTC_CONFORMANCE_DEBUG) console.log(args, log);
        resolve();
      });
    });
    await exec(["first task"]);
    await exec(["resume", "--last", "second task"]);
  });

  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it("sent a compaction request between the two turns", () => {
    expect(bodies).toHaveLength(3);
  });

  it("matches promptc's compacted history item for item (data-derived items byte-identical)", () => {
    const compactRequest = items(bodies[1]!.input);
    const nextTurn = items(bodies[2]!.input);
    // Drop the base-instructions item (first) and the summarization prompt (last): what remains is the history.
    const history = compactRequest.slice(1, -1);
    const rollout = parseRollout(readFileSync(findRollout(home)!, "utf8"));
    const summaryMessage = rollout.value.compactions[0]!.message;
    // The prefix comes from this run's own log (never shipped): message = prefix + "\n" + reply.
    const prefix = summaryMessage.slice(0, summaryMessage.length - REPLY.length - 1);
    const ours = compactCodexLocal({
      strategy: "codex-local",
      history: [...history, { type: "message", role: "assistant", content: [{ type: "output_text", text: REPLY }] }],
      summaryPrefix: prefix,
      summaryReply: REPLY,
      initialContext: initialContextFromHistory(history).items,
    });
    expect(withoutIds(nextTurn.slice(1, -1))).toEqual(withoutIds(ours.history));
    expect(JSON.stringify(withoutIds(nextTurn.slice(1, -1)))).toBe(JSON.stringify(withoutIds(ours.history)));
  });

  it("reads the rollout Codex wrote: history equals the last request plus the reply, no problems", () => {
    const rollout = parseRollout(readFileSync(findRollout(home)!, "utf8"));
    expect(rollout.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const lastRequest = items(bodies[2]!.input).slice(1);
    expect(withoutIds(rollout.value.history)).toEqual(withoutIds([...lastRequest, { type: "message", role: "assistant", content: [{ type: "output_text", text: REPLY }] }]));
    expect(rollout.value.lastTotalTokens).toBe(REPORTED_INPUT_TOKENS + 5);
  });
});
