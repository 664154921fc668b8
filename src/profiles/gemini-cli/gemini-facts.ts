// Facts of Gemini CLI 0.61.0's request that are not prose: version, generation settings, tool names per
// approval mode, the context markers, the date format. From its readable bundle and captures. Pure.
import type { GeminiApprovalMode } from "./gemini-turn.js";

export const GEMINI_CLI_VERSION = "0.61.0";
export const GEMINI_DEFAULTS = {
  /** Used when no -m is given and the router's answer is unusable; pass --model for a routed run. */
  model: "gemini-3.1-pro-preview",
  generationConfig: { temperature: 1, topP: 0.95, topK: 64 },
} as const;

/** Models configured on Gemini CLI's 2.5 base (a thinking budget) and its 3 base (a thinking level). */
const GEMINI_25_MODELS = new Set(["gemini-2.5-pro", "gemini-2.5-flash", "gemini-2.5-flash-lite"]);
const GEMINI_3_MODELS = new Set([
  "gemini-3-pro-preview",
  "gemini-3-flash-preview",
  "gemini-3.1-pro-preview",
  "gemini-3.1-pro-preview-customtools",
  "gemini-3.1-flash-lite-preview",
  "gemini-3.1-flash-lite",
  "gemini-3.5-flash-lite",
  "gemini-3.5-flash",
  "gemini-3.8-flash",
  "gemma-4-31b-it",
  "gemma-4-26b-a4b-it",
]);

/** Which of Gemini CLI 0.61.0's model bases `model` is on; undefined: none (it sends the bare base config). */
export function geminiModelFamily(model: string): "2.5" | "3" | undefined {
  return GEMINI_25_MODELS.has(model) ? "2.5" : GEMINI_3_MODELS.has(model) ? "3" : undefined;
}

/** `generationConfig` per model (measured: 3.x and gemma-4 `thinkingLevel: HIGH`, 2.5 `thinkingBudget: 8192`, an unknown slug neither). */
export function geminiGenerationConfig(model: string): { [key: string]: unknown } {
  const thinkingConfig: { [key: string]: unknown } = { includeThoughts: true };
  if (GEMINI_3_MODELS.has(model)) thinkingConfig.thinkingLevel = "HIGH";
  else if (GEMINI_25_MODELS.has(model)) thinkingConfig.thinkingBudget = 8192;
  return { ...GEMINI_DEFAULTS.generationConfig, thinkingConfig };
}

/** The word the system text names the approval mode with (`operating in **Auto-Edit** mode`). */
export const GEMINI_MODE_NAMES: { readonly [mode in GeminiApprovalMode]: string } = {
  default: "Default",
  auto_edit: "Auto-Edit",
  yolo: "YOLO",
  plan: "Plan",
};

const READ_TOOLS = ["update_topic", "list_directory", "read_file", "grep_search", "glob"] as const;

/** Tool declarations per approval mode, in order (measured with 0.61.0, each mode with and without skills). */
export const GEMINI_TOOL_NAMES: { readonly [mode in GeminiApprovalMode]: readonly string[] } = {
  default: [...READ_TOOLS, "google_web_search", "enter_plan_mode", "invoke_agent"],
  auto_edit: [
    ...READ_TOOLS,
    "replace",
    "write_file",
    "web_fetch",
    "google_web_search",
    "enter_plan_mode",
    "invoke_agent",
  ],
  yolo: [
    ...READ_TOOLS,
    "replace",
    "write_file",
    "web_fetch",
    "run_shell_command",
    "list_background_processes",
    "read_background_output",
    "google_web_search",
    "enter_plan_mode",
    "invoke_agent",
    "activate_skill",
  ],
  plan: [...READ_TOOLS, "replace", "write_file", "google_web_search", "exit_plan_mode", "invoke_agent"],
};

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `2026-12-01` → `Tuesday, December 1, 2026` (en-US `toLocaleDateString` with weekday/month long). */
export function geminiLongDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // Zeller-free: days since 1970-01-01 (a Thursday) by the civil calendar.
  const a = Math.floor((14 - m) / 12);
  const yy = y + 4800 - a;
  const mm = m + 12 * a - 3;
  const jdn =
    d +
    Math.floor((153 * mm + 2) / 5) +
    365 * yy +
    Math.floor(yy / 4) -
    Math.floor(yy / 100) +
    Math.floor(yy / 400) -
    32045;
  return `${WEEKDAYS[(jdn + 1) % 7]}, ${MONTHS[m - 1]} ${d}, ${y}`;
}

export function renderGeminiSkillsXml(skills: readonly { name: string; description: string; path: string }[]): string {
  return skills
    .map(
      (s) =>
        `  <skill>\n    <name>${s.name}</name>\n    <description>${s.description}</description>\n    <location>${s.path}</location>\n  </skill>`,
    )
    .join("\n");
}

/** How the system text names the context files: `` `A` `` or `` `A`, `B` or `C` ``. */
export function formatGeminiFileNames(names: readonly string[]): string {
  return names.length > 1
    ? `${names
        .slice(0, -1)
        .map((f) => `\`${f}\``)
        .join(", ")} or \`${names[names.length - 1]}\``
    : `\`${names[0] ?? "GEMINI.md"}\``;
}

/** The opening of the session-context message Gemini CLI records first and renders afresh on resume. */
export const GEMINI_SESSION_CONTEXT_OPEN = "<session_context>";
/** The tag Gemini CLI's compression summaries are written in (it looks for it to find an earlier summary). */
export const GEMINI_SNAPSHOT_MARKER = "<state_snapshot>";
