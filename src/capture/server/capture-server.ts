// The loopback capture server: records every request (byte-exact body, redacted headers) and answers as a
// minimal fake model in the dialect the path asks for. Does IO (node:http).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Socket } from "node:net";
import { diagnostic } from "../../model/diagnostic.js";
import type { CapturedRequest } from "../captured-request.js";
import { redactHeaders, redactUrl } from "../redact-headers.js";
import {
  classifyRequest,
  renderAuxReply,
  renderModelReply,
  renderTurnLimitReply,
  type HttpReply,
} from "../render-reply.js";
import { DEFAULT_SCRIPT, replyFor, type ReplyScript } from "../reply-script.js";
import { decodeBody } from "./decode-body.js";

/** A body larger than this is cut off and the request answered 413 (a runaway agent must not fill memory). */
export const CAPTURE_MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface CaptureServerOptions {
  /** 0 (default) = a random free port. */
  port?: number;
  script?: ReplyScript;
  /** Answer at most this many model requests; later ones get a non-retryable error. */
  maxTurns?: number;
  maxBodyBytes?: number;
  onRequest?: (request: CapturedRequest) => void;
}

export interface CaptureServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  requests: CapturedRequest[];
  /** Model requests answered so far. */
  turns(): number;
  close(): Promise<void>;
}

export async function startCaptureServer(options: CaptureServerOptions = {}): Promise<CaptureServer> {
  const script = options.script ?? DEFAULT_SCRIPT;
  const maxBody = options.maxBodyBytes ?? CAPTURE_MAX_BODY_BYTES;
  const requests: CapturedRequest[] = [];
  const sockets = new Set<Socket>();
  let modelTurns = 0;

  const send = (res: http.ServerResponse, reply: HttpReply): void => {
    res.writeHead(reply.status, reply.headers);
    for (const chunk of reply.chunks) res.write(chunk);
    res.end();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > maxBody) tooLarge = true;
      else chunks.push(c);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      const decoded = decodeBody(Buffer.concat(chunks), req.headers["content-encoding"]);
      const kind = classifyRequest(method, url);
      let reply: HttpReply;
      let replyKind: string = kind.type;
      let replyText: string | undefined;
      if (tooLarge) {
        decoded.diagnostics.push(
          diagnostic(
            "capture/body-too-large",
            "error",
            `request body of ${size} bytes exceeds ${maxBody}; recorded the first ${maxBody} bytes`,
            { data: { size, limit: maxBody } },
          ),
        );
        reply = {
          status: 413,
          headers: { "content-type": "application/json" },
          chunks: ['{"error":{"message":"promptc capture: body too large"}}'],
        };
        replyKind = "too-large";
      } else if (kind.type === "model") {
        if (options.maxTurns !== undefined && modelTurns >= options.maxTurns) {
          reply = renderTurnLimitReply(kind.dialect, options.maxTurns);
          replyKind = "turn-limit";
          decoded.diagnostics.push(
            diagnostic(
              "capture/turn-limit",
              "info",
              `model request after the --turns ${options.maxTurns} limit answered with an error`,
            ),
          );
        } else {
          const scripted = replyFor(script, modelTurns);
          reply = renderModelReply(kind.dialect, scripted, requests.length + 1, url);
          if (scripted.error === undefined) replyText = scripted.text;
          modelTurns++;
        }
      } else {
        reply = renderAuxReply(kind.type);
      }
      const record: CapturedRequest = {
        seq: requests.length + 1,
        method,
        url: redactUrl(url),
        headers: redactHeaders(req.headers),
        body: decoded.body,
        encoding: decoded.encoding,
        decoded: decoded.decoded,
        reply:
          replyText === undefined
            ? { kind: replyKind, status: reply.status }
            : { kind: replyKind, status: reply.status, text: replyText },
        diagnostics: decoded.diagnostics,
      };
      requests.push(record);
      options.onRequest?.(record);
      send(res, reply);
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  // A hung client must not keep a request open forever.
  server.requestTimeout = 120_000;
  server.headersTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    turns: () => modelTurns,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        for (const s of sockets) s.destroy();
      });
      return closing;
    },
  };
}
