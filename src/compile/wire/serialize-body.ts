// Serialises a request body the way its harness does, one serialiser per wire format id. Pure.
// Claude Code (Bun), Gemini CLI and pi (Node) all post `JSON.stringify(body)`: compact, keys in insertion order,
// non-ASCII as raw UTF-8, lone surrogates and control characters as `\u` escapes. So a body built with its keys
// in the harness's order serialises byte for byte like the harness's own.
import type { PostedWireFormatId } from "../../model/wire-format.js";

const stringify = (body: unknown): string => JSON.stringify(body);

const SERIALISERS: { readonly [id in PostedWireFormatId]: (body: unknown) => string } = {
  "openai-responses": stringify,
  "openai-chat-completions": stringify,
  "anthropic-messages": stringify,
  "gemini-generate-content": stringify,
};

export function serializeWireBody(body: unknown, format: PostedWireFormatId): string {
  return SERIALISERS[format](body);
}
