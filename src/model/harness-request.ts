// A request in another harness's wire format (Anthropic Messages, Gemini generateContent, a pi provider body),
// with where each model-visible piece sits and where it came from. Types only (pure).
import type { Diagnostic } from "./diagnostic.js";
import type { ManifestSource, ProseOrigin } from "./manifest.js";
import type { PostedWireFormatId } from "./wire-format.js";

/** One model-visible piece of text and its place in the body. */
export interface WireLayer {
  /** Stable id, e.g. `claude-md:/repo/CLAUDE.md`, `git-status`, `skills`. */
  id: string;
  /** Coarse kind for the table: `system`, `context-file`, `skills`, `environment`, `git`, `user-message`, … */
  layer: string;
  /** Where in the body, as a JSON path (`system[2].text`, `messages[0].content[1].text`). */
  where: string;
  text: string;
  sources: ManifestSource[];
  /** `data` when every byte follows from the inputs; `stand-in` when promptc's words stand in for the harness's. */
  prose: ProseOrigin;
}

export interface WireTool {
  name: string;
  /** The tool's JSON as serialised in the body. */
  json: string;
  prose: ProseOrigin;
}

export interface HarnessRequest {
  profile: string;
  /** The agent version the layout reproduces. */
  agentVersion: string;
  wire: PostedWireFormatId;
  /** Method and path (with query) the agent posts to. */
  endpoint: string;
  model: string;
  body: { [key: string]: unknown };
  /** Exactly the bytes posted. */
  bytes: string;
  layers: WireLayer[];
  tools: WireTool[];
  diagnostics: Diagnostic[];
}
