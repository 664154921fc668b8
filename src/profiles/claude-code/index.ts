// The `claude-code` profile: Claude Code 2.1.332's `/v1/messages` request as data and a layout function;
// stand-in prose unless calibrated. Pure.
import { recordClaudeCodeTurn } from "./record-claude-code-turn.js";
import { idAndFolder } from "../harness-session.js";
import type { BodyLayout, Profile } from "../profile.js";
import { buildClaudeCodeNextBody } from "./build-claude-code-next-request.js";
import { buildClaudeCodeBody, renderSkillLines } from "./build-claude-code-request.js";
import { CLAUDE_CODE_ENDPOINT, CLAUDE_CODE_VERSION } from "./claude-code-facts.js";
import { CLAUDE_CODE_STAND_IN_PROSE, type ClaudeCodeProse } from "./claude-code-prose.js";
import type { ClaudeCodeTurn } from "./claude-code-turn.js";

export const claudeCodeLayout: BodyLayout<ClaudeCodeTurn, ClaudeCodeProse> = {
  type: "body",
  standInProse: CLAUDE_CODE_STAND_IN_PROSE,
  build: buildClaudeCodeBody,
  endpoint: () => `POST ${CLAUDE_CODE_ENDPOINT}`,
  model: (turn) => turn.model,
  // `claude -p --resume <id>` / `--continue`: the same session id, the conversation recorded in the file.
  session: {
    format: "claude-code-jsonl",
    where: "~/.claude/projects/<project key>/<session id>.jsonl",
    facts: idAndFolder,
    next: buildClaudeCodeNextBody,
    record: recordClaudeCodeTurn,
  },
};

export const claudeCodeProfile: Profile<"body"> = {
  id: "claude-code",
  displayName: "Claude Code",
  description: `Claude Code ${CLAUDE_CODE_VERSION} (Anthropic Messages; stand-in prose unless calibrated)`,
  targetVersion: CLAUDE_CODE_VERSION,
  discovery: { type: "claude-memory" },
  layout: claudeCodeLayout,
  wire: { format: "anthropic-messages" },
  // Anthropic publishes no tokenizer for its current models.
  tokenizer: { encoding: "o200k_base", estimate: true },
  // One line of the skills listing Claude Code sends: `- name: description`.
  skillListingEntry: (s) => `${renderSkillLines([s])}\n`,
  window: { tokens: 200_000, effectivePercent: 100, source: "profile" },
};

export type { ClaudeCodeTurn } from "./claude-code-turn.js";
export type { ClaudeCodeProse } from "./claude-code-prose.js";
