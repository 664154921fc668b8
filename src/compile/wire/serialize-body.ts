// Serialises a harness's request body the way the harness does. Pure.
// Claude Code (Bun), Gemini CLI and pi (Node) all post `JSON.stringify(body)`: compact, keys in insertion order,
// non-ASCII as raw UTF-8, lone surrogates and control characters as `\u` escapes. So a body built with its keys
// in the harness's order serialises byte for byte like the harness's own.
import type { WireFormat } from "../../model/harness-request.js";

export function serializeWireBody(body: unknown, format: WireFormat): string {
  switch (format) {
    case "anthropic-messages":
    case "gemini-generate-content":
    case "openai-responses":
    case "openai-chat-completions":
      return JSON.stringify(body);
    default: {
      const never: never = format;
      throw new Error(`unknown wire format ${String(never)}`);
    }
  }
}
