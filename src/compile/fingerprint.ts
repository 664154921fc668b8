// Stage 4 of compile: hashes of the canonical request, its session-stable part and each input item, for cache
// and diff tooling. Pure.
import type { Fingerprint } from "../model/manifest.js";
import type { ResponsesRequest } from "../model/request.js";
import { canonicalItem } from "./canonical-json.js";
import { hashText } from "./hash.js";

/**
 * The hashes are taken when first read, of texts fixed here: a run that prints only the report (most previews)
 * never reads them, and hashing ~2× the body's characters was a tenth of a warm preview.
 */
export function fingerprintRequest(request: ResponsesRequest, canonicalBytes: string): Fingerprint {
  const stable = JSON.stringify([request.model, request.instructions ?? null, request.tools, request.prompt_cache_key]);
  const itemTexts = request.input.map((item) => JSON.stringify(canonicalItem(item)));
  let whole: string | undefined;
  let stablePrefix: string | undefined;
  let items: string[] | undefined;
  return {
    get request() {
      return (whole ??= hashText(canonicalBytes));
    },
    get stablePrefix() {
      return (stablePrefix ??= hashText(stable));
    },
    get items() {
      return (items ??= itemTexts.map((text) => hashText(text)));
    },
  };
}
