// The next request of a turn: the previous full input plus what the model said and the tool outputs. Pure.
// Stateless by design: the whole input every time, `store: false`, never `previous_response_id`.
import type { ResponseItem } from "../model/items.js";
import type { ResponsesRequest } from "../model/request.js";

/**
 * An output item as it goes back into the input. Server ids are dropped: with `store: false` the server keeps
 * nothing to refer to. Everything else (encrypted reasoning included) is carried back unchanged.
 */
export function toInputItem(item: ResponseItem): ResponseItem {
  if (!("id" in item) || item.id === undefined) return item;
  // Memoised so every consumer (next request, session log) holds the same object: prefix checks stay O(1) per item.
  let stripped = strippedItems.get(item);
  if (!stripped) {
    const { id: _id, ...rest } = item;
    stripped = rest as ResponseItem;
    strippedItems.set(item, stripped);
  }
  return stripped;
}

const strippedItems = new WeakMap<ResponseItem, ResponseItem>();

export function buildFollowUpRequest(previous: ResponsesRequest, appended: readonly ResponseItem[]): ResponsesRequest {
  return { ...previous, input: [...previous.input, ...appended.map(toInputItem)], store: false };
}

export function withInput(previous: ResponsesRequest, input: readonly ResponseItem[]): ResponsesRequest {
  return { ...previous, input: [...input], store: false };
}
