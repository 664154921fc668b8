// What parsing a session log yields (history, metadata, compactions, logged settings), the options every
// log format shares, and the helpers both readers (rollout JSONL, whole JSON) build it with. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ResponseItem } from "../model/items.js";
import type { SessionUsage } from "../model/logged-usage.js";
import type { LoggedSettings } from "./logged-settings.js";

export type SessionLogFormat = "codex-rollout" | "request-body" | "item-array" | "item-lines";

export interface RolloutMeta {
  sessionId?: string;
  cwd?: string;
  cliVersion?: string;
  originator?: string;
  modelProvider?: string;
  timestamp?: string;
}

export interface RolloutCompaction {
  line: number;
  /** The summary message text Codex stored ("" for remote compactions). */
  message: string;
  /** Items in `replacement_history`, or null for a legacy entry without one. */
  replacementItems: number | null;
}

export interface ParsedSessionLog {
  format: SessionLogFormat;
  meta: RolloutMeta;
  /** The history as it stands at the end of the log (compactions applied). */
  history: ResponseItem[];
  baseInstructions?: string;
  /** Model and cwd of the last turn context. */
  model?: string;
  cwd?: string;
  /** What the model was last told, from the last `turn_context` and the merged `world_state` records. */
  settings?: LoggedSettings;
  compactions: RolloutCompaction[];
  /** Summary texts known from the log, to recognise earlier summaries without their prefix. */
  summaryTexts: string[];
  /**
   * The harness's summary prefix, recovered from the log itself: a compaction's message minus "\n" + the
   * summariser's reply recorded just before it. Lets a dry run reproduce the harness's exact bytes.
   */
  summaryPrefix?: { text: string; line: number };
  /** `total_tokens` of the last reported usage (or post-compaction recount). */
  lastTotalTokens?: number;
  reasoningIncluded?: boolean;
  /** The context window Codex reported (its effective, 95% window). */
  modelContextWindow?: number;
  lineCount: number;
  /** A rollout's model requests (usage as logged) and the events between them. */
  usage?: SessionUsage;
}

/** Rebuilds the history for a legacy compaction entry (no replacement_history); see compact/rebuildLegacyCompaction. */
export type RebuildCompacted = (
  history: readonly ResponseItem[],
  summaryText: string,
  knownSummaries: ReadonlySet<string>,
) => ResponseItem[];

export interface ParseSessionLogOptions {
  /** Path for diagnostics. */
  file?: string;
  /** Without it a legacy compaction leaves the history as it was, with a warning. */
  rebuildCompacted?: RebuildCompacted;
}

export function emptyLog(format: SessionLogFormat, lineCount: number): ParsedSessionLog {
  return { format, meta: {}, history: [], compactions: [], summaryTexts: [], lineCount };
}

/** The warning for an item a reader skipped: unsupported type, or malformed fields. */
export function itemDiagnostic(
  parsed: { reason: string; unsupported?: boolean },
  where: string,
  file: string | undefined,
  line?: number,
): Diagnostic {
  return diagnostic(
    parsed.unsupported ? "session/unsupported-item" : "session/malformed-item",
    "warning",
    `${where}: ${parsed.reason}; item skipped`,
    {
      ...(file ? { file } : {}),
      ...(line ? { place: { line, column: 1 } } : {}),
    },
  );
}
