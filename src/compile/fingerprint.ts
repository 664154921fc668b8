// Stage 4 of compile: hashes of the canonical request, its session-stable part and each input item, for cache
// and diff tooling. Pure.
import type { Fingerprint } from "../model/manifest.js";
import type { ResponsesRequest } from "../model/request.js";
import { canonicalItem } from "./canonical-json.js";
import { hashText } from "./hash.js";

export function fingerprintRequest(request: ResponsesRequest, canonicalBytes: string): Fingerprint {
  const stable = JSON.stringify([request.model, request.instructions ?? null, request.tools, request.prompt_cache_key]);
  return {
    request: hashText(canonicalBytes),
    stablePrefix: hashText(stable),
    items: request.input.map((item) => hashText(JSON.stringify(canonicalItem(item)))),
  };
}
