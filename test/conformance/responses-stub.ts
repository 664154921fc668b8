// A loopback Responses endpoint for conformance runs of the real Codex CLI: records each request body and answers
// every one with the same assistant message and usage over SSE. Test helper (IO: an HTTP server on 127.0.0.1).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ResponsesStubOptions {
  /** The assistant's text in every reply. */
  reply: string;
  /** Reported usage.input_tokens; a large value makes Codex compact before its next turn. */
  inputTokens: number;
  /** Send `annotations: []` with the reply's output_text, as the OpenAI API does. */
  annotations?: boolean;
  /** Output items for the first requests, in order (e.g. a tool call); later requests get the assistant message. */
  script?: unknown[];
}

export interface ResponsesStub {
  /** `http://127.0.0.1:<port>/v1`. */
  baseUrl: string;
  close(): Promise<void>;
}

const OUTPUT_TOKENS = 5;

/** Starts the stub; each request body to …/responses that parses as JSON is pushed onto `bodies` on arrival. */
export async function startResponsesStub<B>(bodies: B[], options: ResponsesStubOptions): Promise<ResponsesStub> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      // Model listings and the like: an empty list, so Codex falls back to its built-in model info.
      if (!req.url?.includes("/responses")) {
        res.writeHead(200, { "content-type": "application/json" }).end('{"data":[],"models":[]}');
        return;
      }
      let body: B;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as B;
      } catch {
        // A 4xx for Codex instead of an exception in the test process.
        res.writeHead(400).end();
        return;
      }
      bodies.push(body);
      const id = `resp_${bodies.length}`;
      const scripted = options.script?.[bodies.length - 1];
      const item = scripted ?? {
        type: "message",
        role: "assistant",
        id: `msg_${bodies.length}`,
        content: [{ type: "output_text", text: options.reply, ...(options.annotations ? { annotations: [] } : {}) }],
      };
      const usage = {
        input_tokens: options.inputTokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens: OUTPUT_TOKENS,
        output_tokens_details: { reasoning_tokens: 0 },
        total_tokens: options.inputTokens + OUTPUT_TOKENS,
      };
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The config.toml lines that point Codex at the stub (the key is read from $STUB_KEY). */
export function stubProviderToml(baseUrl: string): string {
  return `[model_providers.stub]\nname = "stub"\nbase_url = "${baseUrl}"\nwire_api = "responses"\nenv_key = "STUB_KEY"\n`;
}
