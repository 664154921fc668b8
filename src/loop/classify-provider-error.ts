// Classifies an HTTP status and/or a provider error body into a ProviderError kind. Pure.
// Context-window overflow gets its own kind so the loop can compact and retry instead of failing.
import type { ProviderError, ProviderErrorKind } from "./provider.js";

export interface ErrorFacts {
  status?: number;
  code?: string;
  message?: string;
}

const CONTEXT_WINDOW_CODES = new Set(["context_length_exceeded", "context_window_exceeded", "string_above_max_length"]);
const CONTEXT_WINDOW_TEXT =
  /context[ _-]?(window|length)|maximum context|too many tokens|prompt is too long|input is too long/i;

export function classifyProviderError(facts: ErrorFacts): ProviderError {
  const kind = kindOf(facts);
  const message = facts.message?.trim() || (facts.status === undefined ? "provider error" : `HTTP ${facts.status}`);
  return {
    kind,
    message,
    ...(facts.status === undefined ? {} : { status: facts.status }),
    ...(facts.code === undefined ? {} : { code: facts.code }),
  };
}

function kindOf({ status, code, message }: ErrorFacts): ProviderErrorKind {
  if (code !== undefined && CONTEXT_WINDOW_CODES.has(code)) return "context_window_exceeded";
  // Compatible servers (vLLM, Ollama, llama.cpp) signal overflow with a 400 and prose only.
  if (
    (status === undefined || status === 400 || status === 413) &&
    message !== undefined &&
    CONTEXT_WINDOW_TEXT.test(message)
  ) {
    return "context_window_exceeded";
  }
  if (status === 429 || code === "rate_limit_exceeded") return "rate_limited";
  if (status !== undefined && status >= 500) return "server";
  if (code === "server_error") return "server";
  if (status !== undefined && status >= 400) return "client";
  return "stream";
}

/** Whether one more attempt could succeed. Quota exhaustion arrives as a 429 but never clears by waiting. */
export function isRetryable(error: ProviderError): boolean {
  if (error.code === "insufficient_quota") return false;
  return error.kind === "rate_limited" || error.kind === "server" || error.kind === "network";
}

/** Reads `{error: {code, message}}` or `{code, message}` from an error body; falls back to the text itself. */
export function parseErrorBody(text: string): { code?: string; message?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text.trim() === "" ? {} : { message: text.trim().slice(0, 2000) };
  }
  const obj = isObject(value) && isObject(value.error) ? value.error : value;
  if (!isObject(obj)) return { message: text.trim().slice(0, 2000) };
  const code = typeof obj.code === "string" ? obj.code : typeof obj.type === "string" ? obj.type : undefined;
  const message = typeof obj.message === "string" ? obj.message : undefined;
  return { ...(code === undefined ? {} : { code }), ...(message === undefined ? {} : { message }) };
}

function isObject(v: unknown): v is { [key: string]: unknown } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
