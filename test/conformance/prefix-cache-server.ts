// A loopback model for conformance runs of `promptc sessions`: answers OpenAI Responses and Anthropic Messages
// requests with one short reply and reports usage as a prefix cache would (a request is cut into blocks — the
// instructions or system, the tools, then each input item or message; the longest run of leading blocks equal to
// any earlier request's counts as cached; tokens = characters / 4). Test helper (IO: an HTTP server on 127.0.0.1).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface AnsweredUsage {
  /** Responses: input (cached included) and cached; Messages: uncached input, cache read and cache write. */
  input: number;
  cached: number;
  cacheWrite: number;
  output: number;
}

export interface PrefixCacheServer {
  origin: string;
  /** The usage answered, in the order the requests arrived. */
  answered: AnsweredUsage[];
  close(): Promise<void>;
}

const OUTPUT_TOKENS = 5;
/** Uncached input reported on a Messages reply (the rest of what is not read is written). */
const FRESH_TOKENS = 3;

type Body = { [k: string]: unknown };
const text = (v: unknown) => JSON.stringify(v ?? null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function sse(events: [string, unknown][]): string {
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join("");
}

export async function startPrefixCacheServer(): Promise<PrefixCacheServer> {
  const earlier: string[][] = [];
  const answered: AnsweredUsage[] = [];
  const measure = (blocks: string[]) => {
    let best = 0;
    for (const prev of earlier) {
      let chars = 0;
      for (let i = 0; i < prev.length && i < blocks.length && prev[i] === blocks[i]; i++) chars += blocks[i]!.length;
      best = Math.max(best, chars);
    }
    earlier.push(blocks);
    const total = blocks.reduce((n, b) => n + b.length, 0);
    return { total: Math.ceil(total / 4), cached: Math.floor(best / 4) };
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "/";
      let body: Body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Body;
      } catch {
        // Not JSON (a probe): counted as an empty request below only if it is a model request.
      }
      const n = answered.length + 1;
      if (req.method === "POST" && url.includes("/responses")) {
        const u = measure([text(body.instructions), text(body.tools), ...list(body.input).map(text)]);
        answered.push({ input: u.total, cached: u.cached, cacheWrite: 0, output: OUTPUT_TOKENS });
        const usage = {
          input_tokens: u.total,
          input_tokens_details: { cached_tokens: u.cached },
          output_tokens: OUTPUT_TOKENS,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: u.total + OUTPUT_TOKENS,
        };
        const part = { type: "output_text", text: "Done.", annotations: [] };
        const item = { type: "message", role: "assistant", status: "completed", id: `msg_${n}`, content: [part] };
        const response = {
          id: `resp_${n}`,
          object: "response",
          status: "completed",
          model: body.model,
          output: [item],
          usage,
        };
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(
          sse([
            [
              "response.created",
              { type: "response.created", response: { ...response, status: "in_progress", output: [] } },
            ],
            [
              "response.output_item.added",
              { type: "response.output_item.added", output_index: 0, item: { ...item, content: [] } },
            ],
            [
              "response.content_part.added",
              {
                type: "response.content_part.added",
                item_id: item.id,
                output_index: 0,
                content_index: 0,
                part: { ...part, text: "" },
              },
            ],
            [
              "response.output_text.delta",
              {
                type: "response.output_text.delta",
                item_id: item.id,
                output_index: 0,
                content_index: 0,
                delta: part.text,
              },
            ],
            [
              "response.output_text.done",
              {
                type: "response.output_text.done",
                item_id: item.id,
                output_index: 0,
                content_index: 0,
                text: part.text,
              },
            ],
            [
              "response.content_part.done",
              { type: "response.content_part.done", item_id: item.id, output_index: 0, content_index: 0, part },
            ],
            ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
            ["response.completed", { type: "response.completed", response }],
          ]),
        );
        return;
      }
      if (req.method === "POST" && url.includes("/messages") && !url.includes("count_tokens")) {
        const u = measure([text(body.system), text(body.tools), ...list(body.messages).map(text)]);
        const write = Math.max(0, u.total - u.cached - FRESH_TOKENS);
        answered.push({ input: FRESH_TOKENS, cached: u.cached, cacheWrite: write, output: OUTPUT_TOKENS });
        const usage = {
          input_tokens: FRESH_TOKENS,
          cache_read_input_tokens: u.cached,
          cache_creation_input_tokens: write,
        };
        const message = {
          id: `msg_${n}`,
          type: "message",
          role: "assistant",
          model: body.model,
          content: [],
          stop_reason: null,
          usage: { ...usage, output_tokens: 1 },
        };
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.end(
          sse([
            ["message_start", { type: "message_start", message }],
            [
              "content_block_start",
              { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
            ],
            [
              "content_block_delta",
              { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Done." } },
            ],
            ["content_block_stop", { type: "content_block_stop", index: 0 }],
            [
              "message_delta",
              { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: OUTPUT_TOKENS } },
            ],
            ["message_stop", { type: "message_stop" }],
          ]),
        );
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"data":[],"models":[],"input_tokens":10}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
