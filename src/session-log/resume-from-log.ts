// Where a resumed session starts from its log, as Codex 0.171.0 does on `codex exec resume`: the baseline the
// next turn is diffed against (the log's last turn context, not the current config) and the session's frozen
// base instructions (session_meta, not the current config). Pure.
import { messageId } from "../compile/assemble.js";
import { compile } from "../compile/compile.js";
import type { ProseSet } from "../fragments/prose-set.js";
import type { MessageItem, ResponseItem } from "../model/items.js";
import type { TurnContext } from "../model/turn-context.js";
import type { Profile } from "../profiles/profile.js";
import { layoutHasSection } from "../profiles/profile-for-model.js";
import type { LoggedSettings } from "./logged-settings.js";
import { buildReferenceContext, type ReferenceContext } from "../session/reference-context.js";

/**
 * The reference context the log's last turn left: every logged field as logged, the rest taken from the current
 * turn (unknown to the log, so assumed unchanged). The permissions text is rendered from the logged sandbox,
 * approval, network and writable roots: Codex logs only a SHA-1 of its own text, which stand-in prose cannot match.
 */
export function referenceFromLog(
  settings: LoggedSettings,
  ctx: TurnContext,
  profile: Profile<"envelopes">,
  prose: ProseSet,
  /** The prose of the log's model when it is not the turn's (its model texts render with it). */
  previousProse?: ProseSet,
): ReferenceContext {
  const s = settings;
  const env = ctx.environment;
  const perms = ctx.permissions;
  const then: TurnContext = {
    ...ctx,
    model: s.model ?? ctx.model,
    environment: {
      ...env,
      cwd: s.cwd ?? env.cwd,
      shell: s.shell ?? env.shell,
      ...(s.currentDate !== undefined || env.currentDate !== undefined
        ? { currentDate: s.currentDate ?? env.currentDate }
        : {}),
      ...(s.timezone !== undefined || env.timezone !== undefined ? { timezone: s.timezone ?? env.timezone } : {}),
    },
    permissions: {
      ...perms,
      sandbox: s.sandbox ?? perms.sandbox,
      approval: s.approval ?? perms.approval,
      networkAccess: s.networkAccess ?? perms.networkAccess,
      configuredWritableRoots: s.writableRoots ?? perms.configuredWritableRoots,
      approvedPrefixes: s.approvedPrefixes ?? perms.approvedPrefixes,
    },
  };
  const ref = buildReferenceContext(
    then,
    profile,
    prose,
    compile(then, { profile, prose: previousProse ?? prose, exactTokens: false }),
  );
  if (s.filesystem !== undefined && profile.layout.environmentFilesystem) ref.filesystem = s.filesystem;
  if (s.agentsMd === null) delete ref.agentsMd;
  else if (s.agentsMd !== undefined && layoutHasSection(profile.layout, "agents-md")) ref.agentsMd = s.agentsMd;
  if (s.developerInstructions === null) delete ref.developerInstructions;
  else if (s.developerInstructions !== undefined && s.developerInstructions !== "")
    ref.developerInstructions = s.developerInstructions;
  return ref;
}

/** Level-1/2 markdown headings of the sections 0.171.0 leaves out when it offers no `update_plan` tool. */
const PLAN_SECTION_HEADINGS = new Set(["## Planning", "## `update_plan`"]);

/**
 * The base instructions as 0.171.0 sends them from the session's logged text: session_meta keeps the model's whole
 * text, but a request without an `update_plan` tool leaves out the sections headed `## Planning` and
 * ``## `update_plan` `` (each from its heading to the next level-1/2 heading, or the end). Captured: a 20,751-char
 * logged text was sent as 16,979 chars, exactly these two sections removed. Other text is returned as is.
 */
export function sentBaseInstructions(logged: string, offersPlanTool: boolean): string {
  if (offersPlanTool) return logged;
  const starts = [...logged.matchAll(/^#{1,2} [^\n]*/gm)];
  let out = "";
  let from = 0;
  starts.forEach((m, k) => {
    if (!PLAN_SECTION_HEADINGS.has(m[0].trimEnd())) return;
    out += logged.slice(from, m.index);
    from = starts[k + 1]?.index ?? logged.length;
  });
  return from === 0 ? logged : out + logged.slice(from);
}

const isBaseItem = (item: ResponseItem | undefined, text: string | undefined): boolean =>
  item?.type === "message" &&
  item.role === "developer" &&
  item.content.length === 1 &&
  item.content[0]?.type === "input_text" &&
  (text === undefined ? !item.content[0].text.trimStart().startsWith("<") : item.content[0].text === text);

/**
 * A codex-layout history with the base-instructions item first. Codex never logs that item for a request-tools
 * layout (every request starts with the session's base instructions, session_meta.base_instructions), promptc's
 * codex-profile logs do; without a logged text, a first single untagged developer message counts as the base item,
 * else `fallback` is used. A code-mode layout starts with the tools item: code-mode rollouts log it and the base
 * item first; another history gets `toolsItem` and the session's base item put before it (captured: a fallback
 * session resumed on gpt-6.2-sol), and a request-tools layout puts its base item before a code-mode history.
 */
export function withBaseInstructionsItem(
  history: readonly ResponseItem[],
  logged: string | undefined,
  fallback: string,
  sessionId: string,
  profile: Profile<"envelopes">,
  toolsItem?: ResponseItem,
): ResponseItem[] {
  if (profile.layout.baseInstructions !== "developer-message") return [...history];
  const codeMode = profile.layout.toolPlacement === "input-item";
  if (codeMode && history[0]?.type === "additional_tools") return [...history];
  const tools = codeMode && toolsItem?.type === "additional_tools" ? [toolsItem] : [];
  if (isBaseItem(history[0], logged)) return [...tools, ...history];
  const item: MessageItem = {
    type: "message",
    role: "developer",
    content: [{ type: "input_text", text: logged ?? fallback }],
  };
  return [...tools, profile.layout.messageIds ? { ...item, id: messageId(sessionId, 0) } : item, ...history];
}
