// Facts of Copilot CLI 1.0.102's first request that are not prose: its version, the tools it sends (in order),
// the built-in skills' names, the commands it looks for on PATH, the body's constants, the XML escaping of the
// skills listing and the session folder's place. From captures of its offline BYOK mode. Pure.

export const COPILOT_VERSION = "1.0.102";

/** The tools of a `-p` run, in the order the body lists them. */
export const COPILOT_TOOL_NAMES = [
  "bash",
  "read_bash",
  "stop_bash",
  "list_bash",
  "apply_patch",
  "view",
  "fetch_copilot_cli_documentation",
  "skill",
  "sql",
  "session_store_sql",
  "read_agent",
  "list_agents",
  "write_agent",
  "rg",
  "glob",
  "task",
] as const;

/** The freeform (grammar) tool; the others are JSON-schema functions. */
export const COPILOT_CUSTOM_TOOLS: readonly string[] = ["apply_patch"];

/** Skills built into the binary, listed after the user's (location `builtin`). */
export const COPILOT_BUILTIN_SKILL_NAMES = ["customize-cloud-agent", "github-pr-media"] as const;

/** Commands named in the environment section when an executable file of that name is on PATH, in this order. */
export const COPILOT_PROBED_TOOLS = ["git", "curl", "gh"] as const;

/** What the environment section says for the git root outside a repository. */
export const COPILOT_NO_GIT_ROOT = "Not a git repository";

export const COPILOT_BODY = {
  reasoning: { effort: "medium", summary: "auto" },
  maxOutputTokens: 128_000,
  include: ["reasoning.encrypted_content"],
} as const;

/** Per wire API: the constants of the body (Chat Completions and Messages bodies also carry `temperature: 1`). */
export const COPILOT_CHAT_BODY = { reasoningEffort: "medium", temperature: 1, maxTokens: 128_000 } as const;
export const COPILOT_MESSAGES_BODY = {
  maxTokens: 128_000,
  temperature: 1,
  thinking: { type: "enabled", budget_tokens: 2048, display: "summarized" },
} as const;
/** On the Messages API the freeform tool takes its text as one string property (a schema, not prose). */
export const COPILOT_FREEFORM_INPUT_SCHEMA = {
  type: "object",
  properties: { input: { type: "string", description: "The tool input" } },
  required: ["input"],
} as const;
/** Where the Messages API's `system` is cut in two blocks: before the version section (the blank line dropped). */
export const COPILOT_SYSTEM_SPLIT = "\n\n<version_information>";

/** The session folder named in the prompt: `<copilot home>/session-state/<session uuid>`. */
export function copilotSessionFolder(copilotHome: string, sessionId: string): string {
  return `${copilotHome}/session-state/${sessionId}`;
}

/** `& < > " '` as XML entities (the skills listing). */
export function escapeCopilotXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function unescapeCopilotXml(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
