// Wire formats promptc encodes from its internal (Responses-shaped) request: how that request becomes the body a
// provider is sent. One encoder per EnvelopeWireFormatId; an envelope profile names its format in `wire.format`.
// (Bodies a harness layout builds itself are serialised by wire/serialize-body.ts.) Pure.
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";
import type { EnvelopeWireFormatId, RequestField } from "../profiles/profile.js";
import { canonicalItem } from "./canonical-item.js";

export interface WireEncoder {
  /** The body as a plain object with its keys in order (fields the request lacks are left out). */
  body: (request: ResponsesRequest, fields: readonly RequestField[]) => { [key: string]: unknown };
  /** One conversation item in the body's form. */
  item: (item: ResponseItem) => unknown;
  /** The top-level key whose array holds the conversation items. */
  historyKey: string;
}

/** OpenAI Responses (`POST /responses`): the internal request as is, keys in the profile's order. */
const openaiResponses: WireEncoder = {
  body(request, fields) {
    const src = request as unknown as { [k: string]: unknown };
    const out: { [k: string]: unknown } = {};
    for (const key of fields) {
      const v = src[key];
      if (v === undefined) continue;
      out[key] = key === "input" ? request.input.map(canonicalItem) : v;
    }
    return out;
  },
  item: canonicalItem,
  historyKey: "input",
};

const ENCODERS: { readonly [id in EnvelopeWireFormatId]: WireEncoder } = { "openai-responses": openaiResponses };

export function wireEncoder(format: EnvelopeWireFormatId): WireEncoder {
  return ENCODERS[format];
}
