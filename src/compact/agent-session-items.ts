// What `compact` takes from another agent's session (pi, Gemini CLI, Claude Code), whichever the format. Types only.
import type { ResponseItem } from "../model/items.js";

export interface AgentSessionItems {
  history: ResponseItem[];
  cwd?: string;
  model?: string;
  /** Summary bodies of earlier compactions, oldest first (pi stores them without the lead sentence). */
  summaries: string[];
  /** Last reported context tokens. */
  lastTotalTokens?: number;
}
