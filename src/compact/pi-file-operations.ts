// The file lists pi 0.73.1 appends to a compaction summary: paths its read/write/edit tools were called with in
// the summarized part (and those the previous summary listed), read-only and modified apart. Pure.
import type { ResponseItem } from "../model/items.js";

export interface PiFileLists {
  readFiles: string[];
  modifiedFiles: string[];
}

const READ_TAG = "read-files";
const MODIFIED_TAG = "modified-files";

function pathArgument(args: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(args);
    const path = parsed !== null && typeof parsed === "object" ? (parsed as { path?: unknown }).path : undefined;
    return typeof path === "string" && path !== "" ? path : undefined;
  } catch {
    return undefined;
  }
}

/** The lines inside `<tag>…</tag>` of an earlier summary. */
function listed(summary: string, tag: string): string[] {
  const m = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(summary);
  return m?.[1] ? m[1].split("\n") : [];
}

/** Lists from the items' tool calls plus what `previousSummary` listed; sorted as JavaScript sorts strings. */
export function collectPiFileLists(items: readonly ResponseItem[], previousSummary?: string): PiFileLists {
  const read = new Set(previousSummary ? listed(previousSummary, READ_TAG) : []);
  const modified = new Set(previousSummary ? listed(previousSummary, MODIFIED_TAG) : []);
  for (const item of items) {
    if (item.type !== "function_call") continue;
    const path = pathArgument(item.arguments);
    if (path === undefined) continue;
    if (item.name === "read") read.add(path);
    else if (item.name === "write" || item.name === "edit") modified.add(path);
  }
  return { readFiles: [...read].filter((p) => !modified.has(p)).sort(), modifiedFiles: [...modified].sort() };
}

/** `\n\n<read-files>…</read-files>\n\n<modified-files>…</modified-files>`, each only when it has a path. */
export function renderPiFileLists(lists: PiFileLists): string {
  const sections: string[] = [];
  if (lists.readFiles.length > 0) sections.push(`<${READ_TAG}>\n${lists.readFiles.join("\n")}\n</${READ_TAG}>`);
  if (lists.modifiedFiles.length > 0)
    sections.push(`<${MODIFIED_TAG}>\n${lists.modifiedFiles.join("\n")}\n</${MODIFIED_TAG}>`);
  return sections.length === 0 ? "" : `\n\n${sections.join("\n\n")}`;
}
