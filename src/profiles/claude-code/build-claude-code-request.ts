// The Claude Code 2.1.332 `/v1/messages` body for a turn: system blocks with cache breakpoints, the first user
// message's reminders (CLAUDE.md chain, git status, attribution), the mid-conversation `system` message
// (environment, model, deferred tools, agent types, skills, date), tools, metadata. Pure.
// Layout, key order and every data-derived byte are from loopback captures; the prose is ClaudeCodeProse.
import type { ProseOrigin } from "../../model/manifest.js";
import type { WireLayer } from "../../model/harness-request.js";
import type { BuiltBody } from "../profile.js";
import { sha256Hex } from "../../model/sha256.js";
import type { ClaudeCodeProse } from "./claude-code-prose.js";
import { fillSlots, STAND_IN_WORKTREE_NOTE, standInTool } from "./claude-code-prose.js";
import {
  billingFingerprintInput,
  CLAUDE_CODE_AGENT_TYPES,
  CLAUDE_CODE_BUILTIN_SKILLS,
  CLAUDE_CODE_DEFAULTS,
  CLAUDE_CODE_DEFERRED_TOOL,
  CLAUDE_CODE_DEFERRED_TOOLS,
  CLAUDE_CODE_TOOL_NAMES,
  CLAUDE_GIT_STATUS_MAX_CHARS,
  CLAUDE_MD_KIND_LABELS,
  claudeBranchLabel,
  claudeModelFacts,
  claudeProjectKey,
  escapeSkillDescription,
  renderBillingLine,
  claudeCodeCommitTrailer,
} from "./claude-code-facts.js";
import type { ClaudeCodeTurn } from "./claude-code-turn.js";

const EPHEMERAL = { type: "ephemeral" } as const;

/** The memory folder shown in the system text: keyed by the git root, else the cwd. */
export function claudeMemoryDir(turn: Pick<ClaudeCodeTurn, "home" | "git" | "cwd">): string {
  return `${turn.home}/.claude/projects/${claudeProjectKey(turn.git?.mainWorktree ?? turn.git?.root ?? turn.cwd)}/memory/`;
}

export function claudeBillingLine(message: string): string {
  return renderBillingLine(sha256Hex(billingFingerprintInput(message)).slice(0, 3));
}

/** `Contents of <abs> (<label>):\n\n<content>` entries joined by blank lines. */
export function renderClaudeMdEntries(files: ClaudeCodeTurn["memoryFiles"]): string {
  return files.map((f) => `Contents of ${f.path} (${CLAUDE_MD_KIND_LABELS[f.kind]}):\n\n${f.content}`).join("\n\n");
}

export function renderGitFacts(git: NonNullable<ClaudeCodeTurn["git"]>, truncatedNote: string): string {
  const status =
    git.status === ""
      ? "(clean)"
      : git.status.length > CLAUDE_GIT_STATUS_MAX_CHARS
        ? `${git.status.slice(0, CLAUDE_GIT_STATUS_MAX_CHARS)}\n${truncatedNote}`
        : git.status;
  const lines = [
    `Current branch: ${claudeBranchLabel(git.branch)}`,
    `Main branch (you will usually use this for PRs): ${git.originHead ?? "main"}`,
  ];
  if (git.userName !== undefined) lines.push(`Git user: ${git.userName}`);
  lines.push(`Status:\n${status}`, `Recent commits:\n${git.recentCommits}`);
  return lines.join("\n\n");
}

export function renderEnvironmentFacts(turn: ClaudeCodeTurn, worktreeNote = ""): string {
  const shell =
    turn.loginShell === undefined || turn.loginShell === "bash" ? "bash" : `bash (login shell: ${turn.loginShell})`;
  return [
    ` - Primary working directory: ${turn.cwd}`,
    ...(turn.git?.mainWorktree !== undefined && worktreeNote !== "" ? [worktreeNote] : []),
    ` - Is a git repository: ${turn.git !== undefined}`,
    ` - Platform: ${turn.platform}`,
    ` - Shell: ${shell}`,
    ` - OS Version: ${turn.osVersion}`,
  ].join("\n");
}

/**
 * The Agent tool's types: the built-in ones (their prose) and the custom ones (`- name: description (Tools: …)`,
 * replacing a built-in of the same name), in case-insensitive name order (measured).
 */
export function renderAgentTypes(
  custom: readonly { name: string; description: string; tools?: string[] }[],
  builtin: { readonly [name: string]: string },
): string {
  const lines = new Map<string, string>();
  for (const name of CLAUDE_CODE_AGENT_TYPES)
    lines.set(name, `- ${name}: ${builtin[name] ?? "[stand-in prose] A built-in agent type."}`);
  for (const a of custom)
    lines.set(
      a.name,
      `- ${a.name}: ${a.description} (Tools: ${a.tools === undefined ? "All tools" : a.tools.join(", ")})`,
    );
  return [...lines.entries()]
    .sort(([a], [b]) => compareAgentNames(a, b))
    .map(([, line]) => line)
    .join("\n");
}

function compareAgentNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  return la !== lb ? (la < lb ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0;
}

/** The user's and the project's skills have `<` and `>` escaped; the built-in ones are sent as they are. */
export function renderSkillLines(
  skills: readonly { name: string; displayName?: string; description: string }[],
  builtins: readonly { name: string; description: string }[] = [],
): string {
  return [
    ...skills.map(
      (s) =>
        `- ${s.name}${s.displayName === undefined ? "" : ` (${s.displayName})`}: ${escapeSkillDescription(s.description)}`,
    ),
    ...builtins.map((s) => `- ${s.name}: ${s.description}`),
  ].join("\n");
}

export function buildClaudeCodeBody(turn: ClaudeCodeTurn, prose: ClaudeCodeProse): BuiltBody {
  const layers: WireLayer[] = [];
  const p: ProseOrigin = prose.origin;
  const modelFacts = claudeModelFacts(turn.model);
  const outputConfig = { effort: modelFacts.effort };
  const slots = {
    modelDisplayName: modelFacts.displayName,
    model: turn.model,
    memoryDir: claudeMemoryDir(turn),
  };

  const system = [
    { type: "text", text: claudeBillingLine(turn.message) },
    { type: "text", text: prose.identity, cache_control: EPHEMERAL },
    { type: "text", text: fillSlots(prose.system, slots), cache_control: EPHEMERAL },
  ];
  layers.push(
    { id: "billing", layer: "system", where: "system[0].text", text: system[0]!.text, sources: [], prose: "data" },
    { id: "identity", layer: "system", where: "system[1].text", text: system[1]!.text, sources: [], prose: p },
    { id: "system-prompt", layer: "system", where: "system[2].text", text: system[2]!.text, sources: [], prose: p },
  );

  const first: { type: "text"; text: string }[] = [];
  const addFirst = (
    id: string,
    layer: string,
    text: string,
    origin: ProseOrigin,
    sources: WireLayer["sources"] = [],
  ): void => {
    layers.push({ id, layer, where: `messages[0].content[${first.length}].text`, text, sources, prose: origin });
    first.push({ type: "text", text });
  };
  if (turn.memoryFiles.length > 0) {
    const text = `<system-reminder>\n${prose.claudeMdPreamble}\n\n${renderClaudeMdEntries(turn.memoryFiles)}\n</system-reminder>`;
    const sources = turn.memoryFiles.map((f) => ({
      path: f.path,
      bytesIn: f.bytesIn,
      bytesKept: new TextEncoder().encode(f.content).length,
    }));
    addFirst("claude-md", "context-file", text, p, sources);
  }
  if (turn.git !== undefined) {
    const text = `<system-reminder>\n${prose.gitIntro}\n# gitStatus\n${prose.gitSnapshotNote}\n\n${renderGitFacts(turn.git, prose.gitStatusTruncated)}\n\n${prose.gitClosing}\n</system-reminder>`;
    addFirst("git-status", "git", text, p);
  }
  // The reminder right before the prompt ends with a newline: the attribution one, else the one before it.
  const attribution = renderAttribution(fillSlots(prose.attribution, slots), modelFacts.displayName, turn.attribution);
  if (attribution !== undefined)
    addFirst("attribution", "reminder", `<system-reminder>\n${attribution}\n</system-reminder>\n`, p);
  else if (first.length > 0) {
    const last = first[first.length - 1] as { type: "text"; text: string };
    last.text += "\n";
    layers[layers.length - 1]!.text = last.text;
  }
  addFirst("user-message", "user-message", turn.message, "data");

  const agentLines = renderAgentTypes(turn.agents ?? [], prose.agentTypes);
  const builtins = CLAUDE_CODE_BUILTIN_SKILLS.map((name) => ({
    name,
    description: prose.builtinSkills[name] ?? "[stand-in prose] A built-in skill.",
  }));
  const envText = [
    `# Environment\n${prose.environmentIntro}\n${renderEnvironmentFacts(turn, prose.environmentWorktree ?? STAND_IN_WORKTREE_NOTE)}\n${prose.environmentBullets}`,
    fillSlots(prose.modelLine, slots),
    `${prose.deferredToolsIntro}\n${CLAUDE_CODE_DEFERRED_TOOLS.join("\n")}`,
    `${prose.agentTypesIntro}\n${agentLines}`,
    prose.agentTypesOutro,
    `${prose.skillsIntro}\n\n${renderSkillLines(turn.skills, builtins)}`,
    `Today's date is ${turn.date}.`,
  ].join("\n\n");
  layers.push({
    id: "environment",
    layer: "environment",
    where: "messages[1].content[0].text",
    text: envText,
    sources: turn.skills.map((s) => ({ path: s.path, bytesIn: 0, bytesKept: 0 })),
    prose: p,
  });

  const tools = CLAUDE_CODE_TOOL_NAMES.map((name) => {
    const t = prose.tools[name] ?? standInTool(name);
    const value: { [k: string]: unknown } = { name, description: t.description, input_schema: t.input_schema };
    if (name === CLAUDE_CODE_DEFERRED_TOOL) value.defer_loading = true;
    return { name, value, prose: prose.tools[name] ? p : ("stand-in" as ProseOrigin) };
  });

  const body = {
    model: turn.model,
    messages: [
      { role: "user", content: first },
      {
        role: "system",
        content: [{ type: "text", text: envText, cache_control: EPHEMERAL }],
        output_config: { ...outputConfig },
      },
    ],
    system,
    tools: tools.map((t) => t.value),
    metadata: { user_id: JSON.stringify({ device_id: turn.deviceId, account_uuid: "", session_id: turn.sessionId }) },
    max_tokens: modelFacts.maxTokens,
    thinking: { ...CLAUDE_CODE_DEFAULTS.thinking },
    context_management: { edits: CLAUDE_CODE_DEFAULTS.contextManagement.edits.map((e) => ({ ...e })) },
    output_config: outputConfig,
    stream: true,
  };
  return { body, layers, tools };
}

/**
 * The attribution reminder's text for the settings: the commit part is the line before Claude Code's own trailer
 * and the trailer (the user's text in its place), the pull-request part the last two lines; a part turned off is
 * left out, and with both off there is no reminder.
 */
function renderAttribution(
  text: string,
  modelDisplayName: string,
  settings: ClaudeCodeTurn["attribution"] = {},
): string | undefined {
  if (settings.commit === false && settings.pr === false) return undefined;
  const lines = text.split("\n");
  const trailer = lines.indexOf(claudeCodeCommitTrailer(modelDisplayName));
  const pr = lines.length - 1;
  if (typeof settings.pr === "string") lines[pr] = settings.pr;
  if (settings.pr === false) lines.splice(pr - 1, 2);
  if (trailer > 0 && typeof settings.commit === "string") lines[trailer] = settings.commit;
  if (trailer > 0 && settings.commit === false) lines.splice(trailer - 1, 2);
  return lines.join("\n");
}
