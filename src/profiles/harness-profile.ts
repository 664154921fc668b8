// A harness profile whose request is not a Responses body (Claude Code, Gemini CLI, pi): its wire format,
// the layout function from discovered data to a body, and its prose slots with promptc's stand-ins. Types (pure).
import type { ProseOrigin } from "../model/manifest.js";
import type { WireFormat, WireLayer } from "../model/harness-request.js";

export interface BuiltHarnessBody {
  body: { [key: string]: unknown };
  layers: WireLayer[];
  tools: { name: string; value: unknown; prose: ProseOrigin }[];
}

export interface HarnessTokenizer {
  encoding: "o200k_base";
  /** True when the harness's model has no published tokenizer: counts are o200k estimates. */
  estimate: boolean;
}

export interface HarnessProfile<Turn = unknown, Prose = unknown> {
  id: string;
  displayName: string;
  description: string;
  /** The agent version whose layout this reproduces. */
  agentVersion: string;
  wire: WireFormat;
  /** When the format depends on the turn (pi follows its configured provider). */
  wireOf?: (turn: Turn) => WireFormat;
  /** Method and path (with query) for a given turn. */
  endpoint: (turn: Turn) => string;
  tokenizer: HarnessTokenizer;
  contextWindow: number;
  standInProse: Prose;
  build: (turn: Turn, prose: Prose) => BuiltHarnessBody;
  /** Commands whose presence on PATH the prompt reports (probed at the edge, passed in as data). */
  probeCommands?: readonly string[];
  /** The model the turn uses (for headers and tables). */
  modelOf: (turn: Turn) => string;
}
