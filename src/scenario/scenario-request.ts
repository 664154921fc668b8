// One request of a compiled scenario as snapshots, layouts, `diff --turns` and the cache check read it, whatever
// the profile's layout: the bytes sent and the request as a prefix cache sees it. Types only (pure).
import type { RequestLike } from "../cache/prompt-segments.js";
import type { PostedWireFormatId } from "../model/wire-format.js";
import type { AppendedItem } from "../session/session.js";

export interface ScenarioRequest {
  /** 1-based turn number. */
  turn: number;
  /** The request seen the way the cache analysis reads it (a harness's own body through wireBodyAsRequest). */
  request: RequestLike;
  /** The exact body. */
  bytes: string;
  /** Input items this turn appended and why (empty for a harness's own body). */
  appended: readonly AppendedItem[];
  /** The format the body is posted in, which decides the provider's cache model (default: Responses). */
  wire?: PostedWireFormatId;
}
