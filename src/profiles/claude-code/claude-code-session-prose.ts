// Prose slots only a resumed Claude Code session sends (promptc's stand-ins, our own words): the sentences that
// open the reminder of re-read instruction files (with changed files, or with removed ones only), the label
// before each removed file's path, and the date-change message (`{{date}}`). Calibrated from resumed requests
// (capture/claude-code/calibrate-claude-code-session.ts). Pure data.

export interface ClaudeCodeSessionProse {
  /** Opens the reminder when instruction files changed or appeared since the model last saw them. */
  instructionsReread: string;
  /** Opens it when files were only removed. */
  instructionsRereadRemovedOnly: string;
  /** Stands before each removed file's path, a paragraph of its own. */
  instructionsRemoved: string;
  /** The system message sent when the date moved on; `{{date}}` is the new date. */
  dateChanged: string;
}

const S = "[stand-in prose]";

export const CLAUDE_CODE_SESSION_STAND_INS: ClaudeCodeSessionProse = {
  instructionsReread: `${S} These instruction files changed since you last read them; each one below replaces its earlier copy:`,
  instructionsRereadRemovedOnly: `${S} The instruction files were read again.`,
  instructionsRemoved: `${S} Removed: `,
  dateChanged: `${S} It is now {{date}}.`,
};
