// A loopback HTTP server for provider tests: 127.0.0.1 only, scripted replies, never holds the process open.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** One scripted reply; replies are used in order, the last one repeats. */
export type Reply = (res: ServerResponse, req: RecordedRequest) => void | Promise<void>;

export interface SseServer {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startSseServer(replies: Reply[]): Promise<SseServer> {
  const requests: RecordedRequest[] = [];
  let served = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const reply = replies[Math.min(served++, replies.length - 1)];
      if (!reply) return void res.writeHead(500).end();
      void Promise.resolve(reply(res, recorded)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A test closes its server; one it forgets does not keep the worker alive (no deadline: a slow run is not a failure).
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `data: {json}\n\n` for each event. */
export function sse(events: object[]): string {
  return events
    .map((e) => `event: ${(e as { type?: string }).type ?? "message"}\ndata: ${JSON.stringify(e)}\n\n`)
    .join("");
}

export function sseReply(body: string): Reply {
  return (res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.end(body);
  };
}

export function statusReply(status: number, body: object, headers: { [name: string]: string } = {}): Reply {
  return (res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
}

/** Standard Responses events for a reply made of the given output items. */
export function responseEvents(
  items: object[],
  usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15, cached: 0 },
): object[] {
  const events: object[] = [{ type: "response.created", response: { id: "resp_1" } }];
  items.forEach((item, i) => {
    events.push({
      type: "response.output_item.added",
      output_index: i,
      item: { ...item, ...("arguments" in item ? { arguments: "" } : {}) },
    });
    const text = textOf(item);
    if (text) events.push({ type: "response.output_text.delta", output_index: i, content_index: 0, delta: text });
    if ("arguments" in item)
      events.push({
        type: "response.function_call_arguments.delta",
        output_index: i,
        delta: (item as { arguments: string }).arguments,
      });
    events.push({ type: "response.output_item.done", output_index: i, item });
  });
  events.push({
    type: "response.completed",
    response: {
      id: "resp_1",
      usage: {
        input_tokens: usage.input_tokens,
        input_tokens_details: { cached_tokens: usage.cached },
        output_tokens: usage.output_tokens,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: usage.total_tokens,
      },
    },
  });
  return events;
}

function textOf(item: object): string {
  const content = (item as { content?: { text?: string }[] }).content;
  return content?.map((c) => c.text ?? "").join("") ?? "";
}

export const assistantMessage = (text: string) => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
export const functionCall = (name: string, args: object | string, callId: string) => ({
  type: "function_call",
  name,
  arguments: typeof args === "string" ? args : JSON.stringify(args),
  call_id: callId,
});
