// Conformance: two-turn and cwd-change sessions through the real Codex CLI (`codex exec`, then
// `codex exec resume <id>`) against promptc's session, item for item. Data-derived items (environment diffs,
// AGENTS.md, user and assistant messages) must be byte-identical; prose items must carry the same fragment.
// Skipped when the binary is missing.
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeHost } from "../../src/host/node-host.js";
import { loadTurnContext } from "../../src/discover/load-turn-context.js";
import type { ResponseItem } from "../../src/model/items.js";
import { createSession, nextRequest, recordItems } from "../../src/session/session.js";
import { matchFragment } from "../../src/fragments/markers.js";
import { mergeProse } from "../../src/fragments/prose-set.js";
import { defaultProse } from "../../src/compile/compile.js";

const CODEX_BIN = process.env.CODEX_BIN ?? "/tmp/codex/node_modules/.bin/codex";
const REPLY = "Done.";

interface Body { input: ResponseItem[]; prompt_cache_key: string; tools: unknown[] }

function startStub(bodies: Body[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (!req.url?.includes("/responses")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"data":[],"models":[]}');
        return;
      }
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body);
      const id = `resp_${bodies.length}`;
      const item = { type: "message", role: "assistant", id: `msg_${bodies.length}`, content: [{ type: "output_text", text: REPLY }] };
      const usage = { input_tokens: 100, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 105 };
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (const [name, data] of [
        ["response.created", { type: "response.created", response: { id } }],
        ["response.output_item.done", { type: "response.output_item.done", item }],
        ["response.completed", { type: "response.completed", response: { id, usage } }],
      ] as const) res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      res.end();
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const textOf = (item: ResponseItem): string[] => (item.type === "message" ? item.content.map((c) => ("text" in c ? c.text : c.type)) : [item.type]);

/** Data-derived parts compare byte for byte; prose parts (base instructions, permissions, skills) by their tag. */
function comparable(item: ResponseItem): { role: string; parts: string[] } {
  const role = item.type === "message" ? item.role : item.type;
  const parts = textOf(item).map((t) => {
    const fragment = matchFragment(t);
    if (fragment === "environment-context" || fragment === "agents-md" || role === "user" || role === "assistant") return t;
    const tag = /^<([a-z_ ]+)>/.exec(t)?.[1];
    return tag ? `<${tag}> (prose)` : "(prose)";
  });
  return { role, parts };
}

interface Run { bodies: Body[]; ours: Body[] }

async function runSession(secondCwd: "a" | "b"): Promise<Run> {
  const bodies: Body[] = [];
  const server = await startStub(bodies);
  try {
    const port = (server.address() as AddressInfo).port;
    const root = mkdtempSync(join(tmpdir(), "promptc-conf-session-"));
    const home = join(root, "home");
    const a = join(root, "ws", "a");
    const b = join(root, "ws", "b");
    mkdirSync(home, { recursive: true });
    mkdirSync(join(root, "ws", ".git"), { recursive: true });
    mkdirSync(a, { recursive: true });
    mkdirSync(b, { recursive: true });
    writeFileSync(join(root, "ws", "AGENTS.md"), "Conformance workspace: keep answers short.\n");
    writeFileSync(join(home, "config.toml"), `model = "gpt-5.2-codex"\nmodel_provider = "stub"\n[model_providers.stub]\nname = "stub"\nbase_url = "http://127.0.0.1:${port}/v1"\nwire_api = "responses"\nenv_key = "STUB_KEY"\n`);
    const env = { ...process.env, CODEX_HOME: home, STUB_KEY: "x" };
    const exec = (args: string[]) =>
      new Promise<void>((resolve) => {
        const child = execFile(CODEX_BIN, ["exec", "--skip-git-repo-check", ...args], { cwd: root, env, timeout: 120_000 }, () => resolve());
        child.stdin?.end(); // codex exec reads extra input from a non-TTY stdin until EOF
      });
    await exec(["-C", a, "hello 1"]);
    const sid = bodies[0]?.prompt_cache_key ?? "";
    await exec(["-C", secondCwd === "a" ? a : b, "resume", sid, "hello 2"]);

    // promptc: same cwd, CODEX_HOME and session id; discovery after Codex ran (it installs system skills).
    const host = createNodeHost({ env: { ...process.env, CODEX_HOME: home } });
    const ctx = (cwd: string, message: string) => {
      const r = loadTurnContext(host, { cwd, codexHome: home, sessionId: sid, message, shell: "bash" });
      if (!r.value) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
      return r.value;
    };
    // Codex's AGENTS.md replacement sentence is its prose: taken from this run's own request, never shipped.
    const replaced = /<INSTRUCTIONS>\n(.*)\n\n/.exec(textOf(bodies[1]?.input.at(-2) ?? bodies[0]!.input[0]!)[0] ?? "")?.[1];
    const prose = replaced === undefined ? defaultProse("codex") : mergeProse(defaultProse("codex"), { entries: { "agents-md-replaced": { id: "agents-md-replaced", kind: "text", source: replaced, origin: "user-supplied" } } });
    const t1 = nextRequest(createSession({ profile: "codex", prose }), ctx(a, "hello 1"));
    const reply = bodies[1]?.input.find((i) => i.type === "message" && i.role === "assistant");
    const s1 = recordItems(t1.session, [reply ?? { type: "message", role: "assistant", id: "msg_1", content: [{ type: "output_text", text: REPLY }] }]).session;
    const t2 = nextRequest(s1, ctx(secondCwd === "a" ? a : b, "hello 2"));
    return { bodies, ours: [t1.request as unknown as Body, t2.request as unknown as Body] };
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe.skipIf(!existsSync(CODEX_BIN))("codex-cli 0.171.0 sessions vs promptc", () => {
  const runs: { same?: Run; cwd?: Run } = {};
  beforeAll(async () => {
    runs.same = await runSession("a");
    runs.cwd = await runSession("b");
  });
  afterAll(() => undefined);

  it.each(["same", "cwd"] as const)("%s: Codex sent two requests with one cache key", (name) => {
    const r = runs[name]!;
    expect(r.bodies).toHaveLength(2);
    expect(r.bodies[1]!.prompt_cache_key).toBe(r.bodies[0]!.prompt_cache_key);
  });

  it.each(["same", "cwd"] as const)("%s: every request matches promptc item for item", (name) => {
    const r = runs[name]!;
    for (const k of [0, 1]) {
      expect(r.ours[k]!.input.map(comparable)).toEqual(r.bodies[k]!.input.map(comparable));
    }
  });
});
