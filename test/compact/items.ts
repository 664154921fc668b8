// Small builders for history items used by the compaction tests.
import type {
  CompactionItem,
  FunctionCallItem,
  FunctionCallOutputItem,
  GhostSnapshotItem,
  MessageItem,
  ResponseItem,
} from "../../src/model/items.js";
import type { SummaryMatcher } from "../../src/compact/summary.js";

export const PREFIX = "TEST SUMMARY PREFIX";
export const matcher: SummaryMatcher = { prefixes: [PREFIX] };
export const summary = (text: string): string => `${PREFIX}\n${text}`;

export const user = (text: string): MessageItem => ({
  type: "message",
  role: "user",
  content: [{ type: "input_text", text }],
});
export const dev = (text: string): MessageItem => ({
  type: "message",
  role: "developer",
  content: [{ type: "input_text", text }],
});
export const assistant = (text: string): MessageItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});
export const call = (id: string, args = "{}"): FunctionCallItem => ({
  type: "function_call",
  name: "shell",
  arguments: args,
  call_id: id,
});
export const output = (id: string, text = "ok"): FunctionCallOutputItem => ({
  type: "function_call_output",
  call_id: id,
  output: text,
});
export const compaction = (blob = "encrypted"): CompactionItem => ({ type: "compaction", encrypted_content: blob });
export const ghost = (id: string): GhostSnapshotItem => ({
  type: "ghost_snapshot",
  ghost_commit: { id, parent: null, preexisting_untracked_files: [], preexisting_untracked_dirs: [] },
});
export const env = (cwd: string): MessageItem =>
  user(`<environment_context>\n  <cwd>${cwd}</cwd>\n</environment_context>`);
export const agents = (dir: string, body: string): MessageItem =>
  user(`# AGENTS.md instructions for ${dir}\n\n<INSTRUCTIONS>\n${body}\n</INSTRUCTIONS>`);
export const skill = (name: string): MessageItem =>
  user(`<skill>\n<name>${name}</name>\n<path>/s/${name}/SKILL.md</path>\nbody of ${name}\n</skill>`);

/** Texts of user/developer messages as `role:text` labels, other items by type (compact layout assertions). */
export function layout(items: readonly ResponseItem[]): string[] {
  return items.map((i) => {
    if (i.type !== "message")
      return i.type === "function_call" || i.type === "function_call_output" ? `${i.type}:${i.call_id}` : i.type;
    const text = i.content.map((p) => (p.type === "input_image" ? "<image>" : p.text)).join("|");
    return `${i.role}:${text.startsWith(PREFIX + "\n") ? "SUMMARY(" + text.slice(PREFIX.length + 1) + ")" : text}`;
  });
}
