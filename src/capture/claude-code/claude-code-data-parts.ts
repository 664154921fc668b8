// The data-derived parts of a Claude Code `/v1/messages` body (a real capture or promptc's prediction), cut out
// by the layout's markers so two bodies compare without their prose. Pure.
import { CLAUDE_CODE_AGENT_TYPES, CLAUDE_CODE_BUILTIN_SKILLS } from "../../profiles/claude-code/claude-code-facts.js";

export interface ClaudeCodeDataParts {
  keys: string[];
  model: unknown;
  /** Per system block: has cache_control. */
  systemBlocks: boolean[];
  billingLine: string | undefined;
  memoryDir: string | undefined;
  /** Roles and block counts of the messages. */
  messageShape: string[];
  /** The `Contents of …` entries of the CLAUDE.md reminder, as one string (undefined: no reminder). */
  claudeMdEntries: string | undefined;
  /** From `Current branch:` to the end of the recent commits (undefined: no git reminder). */
  gitFacts: string | undefined;
  userMessage: string | undefined;
  /** The five ` - Label: value` lines of the environment. */
  environmentFacts: string | undefined;
  /** The user's and project's skill lines (everything before the first built-in skill). */
  skillLines: string | undefined;
  dateLine: string | undefined;
  /** The custom agent types' lines (`- name: description (Tools: …)`), built-in names left out. */
  customAgents: string[];
  toolNames: string[];
  deferLoading: string[];
  metadataKeys: string[];
  scalars: { [key: string]: unknown };
}

type Block = { type?: string; text?: string; cache_control?: unknown };
type Message = { role?: string; content?: unknown };

const ENV_FACT = / - (?:Primary working directory|Is a git repository|Platform|Shell|OS Version): /;

const blocksOf = (m: Message | undefined): Block[] => (Array.isArray(m?.content) ? (m.content as Block[]) : []);

function between(text: string, start: string, end: string, from = 0): string | undefined {
  const i = text.indexOf(start, from);
  if (i < 0) return undefined;
  const j = text.indexOf(end, i + start.length);
  return j < 0 ? undefined : text.slice(i, j);
}

export function claudeCodeDataParts(body: { [key: string]: unknown }): ClaudeCodeDataParts {
  const system = Array.isArray(body.system) ? (body.system as Block[]) : [];
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  const first = blocksOf(messages[0]);
  const sysMsg = messages.find((m) => m.role === "system");
  const envText = blocksOf(sysMsg)[0]?.text ?? "";
  const claudeMd = first.find(
    (b) => b.text?.startsWith("<system-reminder>\n") && b.text.includes("\n\nContents of "),
  )?.text;
  const git = first.find((b) => b.text?.includes("\n# gitStatus\n"))?.text;
  let gitFacts: string | undefined;
  if (git !== undefined) {
    const start = git.indexOf("Current branch: ");
    const end = git.lastIndexOf("\n\n", git.lastIndexOf("\n</system-reminder>"));
    // A status cut at 2000 characters is followed by a note (prose): kept as a marker only.
    gitFacts =
      start >= 0 && end > start
        ? git.slice(start, end).replace(/\n\.\.\. [^\n]*\n\nRecent commits:/, "\n<status cut>\n\nRecent commits:")
        : undefined;
  }
  const envStart = envText.indexOf(" - Primary working directory: ");
  const osLine = envText.indexOf(" - OS Version: ", envStart);
  // The labelled lines are data; any other bullets among them (a worktree's notes) are prose, kept as a marker.
  const environmentFacts =
    envStart >= 0 && osLine >= 0
      ? envText
          .slice(envStart, envText.indexOf("\n", osLine) < 0 ? undefined : envText.indexOf("\n", osLine))
          .split("\n")
          .map((line) => (ENV_FACT.test(line) ? line : "<prose>"))
          .filter((line, i, all) => line !== "<prose>" || all[i - 1] !== "<prose>")
          .join("\n")
      : undefined;
  const builtin = CLAUDE_CODE_BUILTIN_SKILLS[0];
  const skillsEnd = envText.indexOf(`\n- ${builtin}: `);
  const listStart = skillsEnd < 0 ? -1 : envText.lastIndexOf("\n\n", skillsEnd) + 2;
  const tools = Array.isArray(body.tools) ? (body.tools as { name?: string; defer_loading?: boolean }[]) : [];
  const metadata = (body.metadata ?? {}) as { user_id?: string };
  let metadataKeys: string[] = [];
  try {
    metadataKeys = Object.keys(JSON.parse(metadata.user_id ?? "{}") as object);
  } catch {
    metadataKeys = ["<not json>"];
  }
  const dateMatch = /Today's date is [^\n]*$/.exec(envText);
  return {
    keys: Object.keys(body),
    model: body.model,
    systemBlocks: system.map((b) => b.cache_control !== undefined),
    billingLine: system[0]?.text,
    memoryDir: /memory at `([^`]*)`|live in `([^`]*)`/
      .exec(system[2]?.text ?? "")
      ?.slice(1)
      .find((x) => x !== undefined),
    messageShape: messages.map(
      (m) => `${m.role}:${blocksOf(m).length}${blocksOf(m).some((b) => b.cache_control !== undefined) ? "+cache" : ""}`,
    ),
    claudeMdEntries:
      claudeMd === undefined
        ? undefined
        : claudeMd.slice(claudeMd.indexOf("Contents of "), claudeMd.length - "\n</system-reminder>".length),
    gitFacts,
    userMessage: first[first.length - 1]?.text,
    environmentFacts,
    skillLines:
      listStart > 0 && skillsEnd >= listStart ? envText.slice(listStart, skillsEnd) : skillsEnd >= 0 ? "" : undefined,
    dateLine: dateMatch?.[0],
    customAgents: [...envText.matchAll(/\n- ([^\n:]+): (?:(?!\n- )[\s\S])*?\(Tools: [^)\n]*\)/g)]
      .filter((m) => !(CLAUDE_CODE_AGENT_TYPES as readonly string[]).includes(m[1] as string))
      .map((m) => m[0].slice(1)),
    toolNames: tools.map((t) => t.name ?? "?"),
    deferLoading: tools.filter((t) => t.defer_loading === true).map((t) => t.name ?? "?"),
    metadataKeys,
    scalars: {
      max_tokens: body.max_tokens,
      thinking: body.thinking,
      context_management: body.context_management,
      output_config: body.output_config,
      stream: body.stream,
    },
  };
}
