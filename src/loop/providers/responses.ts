// The OpenAI Responses API provider over fetch: POST /responses with stream, SSE parsed into StreamEvents. Does IO.
// Retries 429/5xx/network failures (retry-after honoured), also a stream that breaks off; never throws for them.
import type { ResponsesRequest } from "../../model/request.js";
import type { ResponseItem } from "../../model/items.js";
import type {
  ModelProvider,
  ProviderError,
  RemoteCompactRequest,
  RemoteCompactResult,
  StreamEvent,
  StreamOptions,
} from "../provider.js";
import { classifyProviderError, isRetryable, parseErrorBody } from "../classify-provider-error.js";
import { DEFAULT_RETRY_POLICY, planRetry, type RetryPolicy } from "../plan-retry.js";
import { createSseParser } from "../sse/parse-sse.js";
import { parseResponsesEvent } from "../sse/parse-responses-event.js";
import { createDeltaBackfill } from "../sse/backfill-deltas.js";

export interface ResponsesProviderOptions {
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  apiKey?: string;
  headers?: { [name: string]: string };
  retry?: Partial<RetryPolicy>;
  /** A stream silent for this long is abandoned as a network failure. */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Injected for tests; defaults to Math.random. */
  random?: () => number;
}

export const STREAM_IDLE_TIMEOUT_MS = 300_000;
/** Error bodies are read only this far; a misbehaving server cannot make us buffer megabytes. */
const ERROR_BODY_MAX_BYTES = 64 * 1024;

type Attempt = { ok: true; response: Response } | { ok: false; error: ProviderError };

export function createResponsesProvider(options: ResponsesProviderOptions): ModelProvider {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const doFetch = options.fetch ?? fetch;
  const random = options.random ?? Math.random;
  const base = options.baseUrl.replace(/\/+$/, "");
  const idleMs = options.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;

  function headers(sessionId: string | undefined, accept: string): { [name: string]: string } {
    return {
      "content-type": "application/json",
      accept,
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      ...(sessionId ? { session_id: sessionId } : {}),
      ...options.headers,
    };
  }

  /** One POST with retries; `onRetry` lets the stream report each wait. */
  async function post(
    path: string,
    body: string,
    accept: string,
    opts: StreamOptions,
    onRetry: (e: StreamEvent) => void,
  ): Promise<Attempt> {
    for (let attempt = 0; ; attempt++) {
      if (opts.signal?.aborted) return { ok: false, error: { kind: "aborted", message: "aborted" } };
      let response: Response | undefined;
      let error: ProviderError;
      try {
        response = await doFetch(`${base}${path}`, {
          method: "POST",
          headers: headers(opts.sessionId, accept),
          body,
          signal: opts.signal ?? null,
        });
      } catch (err) {
        if (opts.signal?.aborted) return { ok: false, error: { kind: "aborted", message: "aborted" } };
        response = undefined;
        error = { kind: "network", message: errorMessage(err) };
      }
      if (response?.ok) return { ok: true, response };
      if (response)
        error = classifyProviderError({ status: response.status, ...parseErrorBody(await readBounded(response)) });
      if (!isRetryable(error!)) return { ok: false, error: error! };
      const plan = planRetry({
        attempt,
        policy,
        retryAfterMs: response?.headers.get("retry-after-ms"),
        retryAfter: response?.headers.get("retry-after"),
        nowMs: Date.now(),
        jitter: random(),
      });
      if (!plan.retry) return { ok: false, error: { ...error!, message: `${error!.message} (${plan.reason})` } };
      onRetry({
        type: "retry",
        attempt: attempt + 1,
        maxRetries: policy.maxRetries,
        delayMs: plan.delayMs,
        reason: error!.message,
      });
      if (!(await sleep(plan.delayMs, opts.signal)))
        return { ok: false, error: { kind: "aborted", message: "aborted" } };
    }
  }

  /**
   * A stream that fails after it started (broke off, went idle, `response.failed` with a server error) is sent
   * again from scratch: the `retry` event tells the consumer to drop what it collected of the failed attempt.
   */
  async function* stream(request: ResponsesRequest, opts: StreamOptions = {}): AsyncGenerator<StreamEvent> {
    const body = JSON.stringify(request);
    for (let attempt = 0; ; attempt++) {
      let failure: ProviderError | undefined;
      const backfill = createDeltaBackfill();
      const state = { started: false };
      for await (const event of streamOnce(body, opts, state)) {
        if (event.type === "failed") failure = event.error;
        else for (const e of backfill.next(event)) yield e;
      }
      if (failure === undefined) return;
      // Failures before the stream started were already retried by `post`.
      const plan =
        state.started && isRetryable(failure) && !opts.signal?.aborted
          ? planRetry({ attempt, policy, nowMs: Date.now(), jitter: random() })
          : undefined;
      if (!plan?.retry) return yield { type: "failed", error: failure };
      yield {
        type: "retry",
        attempt: attempt + 1,
        maxRetries: policy.maxRetries,
        delayMs: plan.delayMs,
        reason: failure.message,
      };
      if (!(await sleep(plan.delayMs, opts.signal)))
        return yield { type: "failed", error: { kind: "aborted", message: "aborted" } };
    }
  }

  /** One POST (with its own retries before the stream starts) and its SSE stream; ends with `completed` or `failed`. */
  async function* streamOnce(
    requestBody: string,
    opts: StreamOptions,
    state: { started: boolean },
  ): AsyncGenerator<StreamEvent> {
    const retries: StreamEvent[] = [];
    const attempt = await post("/responses", requestBody, "text/event-stream", opts, (e) => retries.push(e));
    yield* retries;
    if (!attempt.ok) return yield { type: "failed", error: attempt.error };
    state.started = true;
    const body = attempt.response.body;
    if (!body) return yield { type: "failed", error: { kind: "stream", message: "response has no body" } };
    const reader = body.getReader();
    const decoder = new TextDecoder("utf-8");
    const parser = createSseParser();
    let finished = false;
    try {
      while (!finished) {
        const chunk = await readWithTimeout(reader, idleMs, opts.signal);
        if (chunk === "aborted") return yield { type: "failed", error: { kind: "aborted", message: "aborted" } };
        if (chunk === "idle")
          return yield { type: "failed", error: { kind: "network", message: `stream idle for ${idleMs} ms` } };
        if (chunk instanceof Error)
          return yield { type: "failed", error: { kind: "network", message: `stream broke off: ${chunk.message}` } };
        const text = chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true });
        const parsed = chunk.done ? (parser.push(text), parser.end()) : parser.push(text);
        for (const problem of parsed.problems) yield { type: "malformed", raw: problem.raw, reason: problem.reason };
        for (const message of parsed.messages) {
          for (const event of parseResponsesEvent(message)) {
            yield event;
            if (event.type === "completed" || event.type === "failed") finished = true;
          }
          if (finished) break;
        }
        if (chunk.done) break;
      }
      if (!finished)
        yield { type: "failed", error: { kind: "network", message: "stream closed before response.completed" } };
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  async function compact(request: RemoteCompactRequest, opts: StreamOptions = {}): Promise<RemoteCompactResult> {
    if (request.input.length === 0) return { ok: true, output: [] };
    const attempt = await post(
      "/responses/compact",
      JSON.stringify(request),
      "application/json",
      opts,
      () => undefined,
    );
    if (!attempt.ok) return attempt;
    let value: unknown;
    try {
      value = await attempt.response.json();
    } catch (err) {
      return { ok: false, error: { kind: "stream", message: `compaction response is not JSON: ${errorMessage(err)}` } };
    }
    const output = typeof value === "object" && value !== null ? (value as { output?: unknown }).output : undefined;
    if (!Array.isArray(output))
      return { ok: false, error: { kind: "stream", message: "compaction response has no output array" } };
    return {
      ok: true,
      output: output.filter((i) => typeof i === "object" && i !== null && typeof i.type === "string") as ResponseItem[],
    };
  }

  return { name: `responses:${base}`, stream, compact };
}

type Chunk = { done: true; value?: undefined } | { done: false; value: Uint8Array } | "idle" | "aborted" | Error;

async function readWithTimeout(
  reader: { read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }> },
  idleMs: number,
  signal?: AbortSignal,
): Promise<Chunk> {
  if (signal?.aborted) return "aborted";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const guards = new Promise<"idle" | "aborted">((resolve) => {
    timer = setTimeout(() => resolve("idle"), idleMs);
    onAbort = () => resolve("aborted");
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([
      reader.read().catch((err: unknown) => (signal?.aborted ? "aborted" : toError(err))),
      guards,
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder("utf-8");
  let text = "";
  let bytes = 0;
  try {
    while (bytes < ERROR_BODY_MAX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that breaks off still leaves the status to classify by.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return text + decoder.decode();
}

function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function toError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function errorMessage(err: unknown): string {
  const e = toError(err);
  const cause = (e as { cause?: unknown }).cause;
  return cause instanceof Error ? `${e.message}: ${cause.message}` : e.message;
}
