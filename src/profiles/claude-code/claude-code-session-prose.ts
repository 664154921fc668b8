// Prose slots only a resumed Claude Code session sends (promptc's stand-ins, our own words): the sentence before
// re-read instruction files and the date-change message (`{{date}}`). Calibrated from a resumed session's
// request (capture/claude-code/calibrate-claude-code-session.ts). Pure data.

export interface ClaudeCodeSessionProse {
  /** Opens the reminder listing instruction files that changed since the model last saw them. */
  instructionsReread: string;
  /** The system message sent when the date moved on; `{{date}}` is the new date. */
  dateChanged: string;
}

const S = "[stand-in prose]";

export const CLAUDE_CODE_SESSION_STAND_INS: ClaudeCodeSessionProse = {
  instructionsReread: `${S} These instruction files changed since you last read them; each one below replaces its earlier copy:`,
  dateChanged: `${S} It is now {{date}}.`,
};
