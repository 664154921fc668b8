// What the capture server records per HTTP request, and the capture as a whole. Types only (pure).
import type { Diagnostic } from "../model/diagnostic.js";

export type BodyEncoding = "identity" | "gzip" | "deflate" | "br" | "zstd";

export interface CapturedRequest {
  /** 1-based arrival order. */
  seq: number;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** Header names lower-cased; secrets replaced by `<redacted>`. */
  headers: { [name: string]: string };
  /** Body as decoded bytes (after content-encoding), byte-exact. */
  body: Uint8Array;
  /** Content-encoding of the wire body; `body` still holds the compressed bytes when it could not be decoded. */
  encoding: BodyEncoding | string;
  decoded: boolean;
  /** How the server answered: reply kind, HTTP status, and the text of a streamed model answer. */
  reply: { kind: string; status: number; text?: string };
  diagnostics: Diagnostic[];
}

export interface CaptureRun {
  agent: string;
  agentVersion?: string;
  command: string[];
  cwd: string;
  /** Agent exit code; null when it was killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  requests: CapturedRequest[];
  diagnostics: Diagnostic[];
}
