// Claude Code 2.1.332's compaction behind the one interface: the history is split into API rounds (each model
// reply starts one); the last round stays verbatim after one summary message, then the files read before the
// summary and the session's opening context are re-sent. Pure. Measured with `/compact` (`claude -c -p`):
// test/conformance/compaction-harnesses.test.ts. The sentences around the summary are Claude Code's prose: they
// come in as options (the user's copy or a stand-in), never from here.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { MessageItem, ResponseItem } from "../model/items.js";
import { messageText } from "../model/message-text.js";
import { appendPinsAndGhosts } from "./append-pins-and-ghosts.js";
import { collectUserMessageRecords } from "./collect-user-messages.js";
import type { ClaudeCodeCompactOptions, CompactResult } from "./compact-options.js";
import { estimatePiTokens } from "./estimate-tokens.js";
import { collectGhostSnapshots, withoutGhostSnapshots } from "./ghost-snapshots.js";
import { groupAgentMessages } from "./group-agent-messages.js";
import { summaryMatcherFor, userTextMessage } from "./summary.js";

/** Claude Code's tool for reading files; its calls before the summary are re-sent after it. */
export const CLAUDE_CODE_READ_TOOL = "Read";
/** A tool name Claude Code lists as is; any other is listed as this placeholder. */
const TOOL_NAME = /^[A-Za-z0-9_.:-]{1,256}$/;
const UNREADABLE_TOOL = "unreadable-tools-used-before-summary";

/** Where each API round starts (index into `history`): round 0 is what precedes the first reply. */
export function apiRoundStarts(history: readonly ResponseItem[]): number[] {
  const starts = [0];
  for (const m of groupAgentMessages(history)) if (m.kind === "assistant" && m.start > 0) starts.push(m.start);
  return starts;
}

/** The summariser's reply as Claude Code shows it: `<analysis>` dropped, `<summary>…</summary>` as `Summary:\n…`. */
export function formatClaudeCodeSummary(reply: string): string {
  const withoutAnalysis = reply.replace(/<analysis>[\s\S]*?<\/analysis>/, "");
  const m = /<summary>([\s\S]*?)<\/summary>/.exec(withoutAnalysis);
  const text = m ? withoutAnalysis.replace(m[0], `Summary:\n${m[1]!.trim()}`) : withoutAnalysis;
  return text.replace(/\n\n+/g, "\n\n").trim();
}

/** Names of the tools called in `items`, first use first, as the `<tools-used-before-summary>` line lists them. */
export function toolsUsedBefore(items: readonly ResponseItem[]): string[] {
  const names: string[] = [];
  for (const item of items)
    if (item.type === "function_call" || item.type === "custom_tool_call") {
      const name = TOOL_NAME.test(item.name) ? item.name : UNREADABLE_TOOL;
      if (!names.includes(name)) names.push(name);
    }
  return names;
}

export function renderClaudeCodeSummary(
  lead: string,
  tools: readonly string[],
  reply: string,
  trailer: string,
): string {
  const reminder =
    tools.length > 0
      ? `<system-reminder>\n<tools-used-before-summary>${tools.join(", ")}</tools-used-before-summary>\n</system-reminder>\n`
      : "";
  return `${lead === "" ? "" : `${lead}\n\n`}${reminder}${formatClaudeCodeSummary(reply)}${trailer}`;
}

/** The newest Read call per file in the summarized part, with its result, oldest first. */
function readsToResend(summarized: readonly ResponseItem[]): { input: string; result: string }[] {
  const results = new Map<string, string>();
  for (const item of summarized)
    if (item.type === "function_call_output")
      results.set(item.call_id, typeof item.output === "string" ? item.output : messageText(item.output));
  const byInput = new Map<string, { input: string; result: string }>();
  for (const item of summarized) {
    if (item.type !== "function_call" || item.name !== CLAUDE_CODE_READ_TOOL) continue;
    const result = results.get(item.call_id);
    if (result === undefined) continue;
    byInput.delete(item.arguments);
    byInput.set(item.arguments, { input: item.arguments, result });
  }
  return [...byInput.values()];
}

const reminder = (text: string): MessageItem => userTextMessage(`<system-reminder>\n${text}\n</system-reminder>`);

export function compactClaudeCode(options: ClaudeCodeCompactOptions): CompactResult {
  const diagnostics: Diagnostic[] = [];
  const visible = withoutGhostSnapshots(options.history);
  const starts = apiRoundStarts(visible);
  const matcher = summaryMatcherFor(options);
  const visibleToHistory = options.history.flatMap((item, i) => (item.type === "ghost_snapshot" ? [] : [i]));
  const toHistory = (i: number) => visibleToHistory[i] ?? options.history.length;
  const cut = starts.length >= 2 ? starts.at(-1)! : 0;
  const report = (keptFrom: number) =>
    collectUserMessageRecords(visible, matcher).map((r) => ({
      historyIndex: toHistory(r.index),
      fate: r.index >= keptFrom ? ("kept" as const) : ("summarized" as const),
      tokens: estimatePiTokens(visible[r.index]!),
    }));
  if (cut === 0) {
    diagnostics.push(
      diagnostic("compact/nothing-to-summarize", "info", "no model reply yet: nothing for Claude Code to summarize"),
    );
    return {
      strategy: "claude-code",
      history: [...options.history],
      summaryIndex: -1,
      summaryText: "",
      userMessages: report(0),
      pinnedIndexes: [],
      ghostIndexes: options.history.flatMap((item, i) => (item.type === "ghost_snapshot" ? [i] : [])),
      events: [],
      diagnostics,
    };
  }
  const summarized = visible.slice(0, cut);
  const kept = visible.slice(cut);
  diagnostics.push(
    diagnostic(
      "compact/items-summarized",
      "info",
      `${cut} item(s) of ${starts.length - 1} earlier API round(s) are summarized; the last round stays verbatim`,
      { data: { summarized: cut, rounds: starts.length } },
    ),
  );
  const summaryText = renderClaudeCodeSummary(
    options.summaryPrefix,
    toolsUsedBefore(summarized),
    options.summaryReply ?? "",
    options.summaryTrailer ?? "",
  );
  const wrap = options.readWrappers;
  const resent = readsToResend(summarized).flatMap(({ input, result }) => [
    reminder(`${wrap.call}${input}`),
    reminder(`${wrap.result}${result}`),
  ]);
  const context = options.initialContext ?? [];
  const head = [userTextMessage(summaryText), ...kept, ...resent, ...context];
  const withGhosts = appendPinsAndGhosts(head, [], collectGhostSnapshots(options.history));
  return {
    strategy: "claude-code",
    history: withGhosts.history,
    summaryIndex: 0,
    summaryText,
    ...(context.length > 0
      ? { initialContext: { index: 1 + kept.length + resent.length, count: context.length, anchor: "end" as const } }
      : {}),
    userMessages: report(cut),
    pinnedIndexes: [],
    ghostIndexes: withGhosts.ghostIndexes,
    events: [],
    split: { cutIndex: toHistory(cut), summarizedItems: cut, keptItems: kept.length },
    diagnostics,
  };
}
