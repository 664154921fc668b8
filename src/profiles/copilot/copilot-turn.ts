// Everything Copilot CLI 1.0.102's first request is derived from, as data (discover/copilot/load-copilot-turn.ts
// gathers it). Types only (pure).

export interface CopilotSkillEntry {
  name: string;
  description: string;
  location: "project" | "user";
  path: string;
}

/** The body Copilot CLI's BYOK provider settings select: `COPILOT_PROVIDER_TYPE=anthropic` → Messages, else
 * `COPILOT_PROVIDER_WIRE_API=responses` → Responses, else (its default) Chat Completions. */
export type CopilotWireApi = "responses" | "chat-completions" | "anthropic-messages";

export interface CopilotProvider {
  wireApi: CopilotWireApi;
  /** `COPILOT_PROVIDER_BASE_URL` (empty when unset). */
  baseUrl: string;
}

export interface CopilotTurn {
  cwd: string;
  /** Undefined outside a git repository. */
  gitRoot?: string;
  /** Node's platform name (`linux`). */
  os: string;
  /** Which of COPILOT_PROBED_TOOLS are on PATH, in that order. */
  availableTools: string[];
  model: string;
  /** ISO 8601 local time with milliseconds and offset (`2026-12-01T07:30:11.767+00:00`). */
  datetime: string;
  message: string;
  /** The session uuid (it names the session folder; the cache key is derived from it). */
  sessionId: string;
  /** `$COPILOT_HOME`, else `~/.copilot`. */
  copilotHome: string;
  /** Each instruction file in order, imports expanded. */
  customInstructions: { path: string; text: string }[];
  /** `.instructions.md` files sent whole. */
  inlinedInstructions: { path: string; text: string }[];
  /** The `applyTo` table's rows. */
  instructionRules: { displayPath: string; applyTo: string[]; description: string }[];
  skills: CopilotSkillEntry[];
  provider: CopilotProvider;
}
