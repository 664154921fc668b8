// The prose other harnesses put around a compaction summary, as data the caller supplies: the user's copy (a
// file, or text recovered from the agent's own session file) or these labelled stand-ins. No harness sentence
// is stored in promptc. Pure.

export interface HarnessCompactProse {
  /** pi: the sentence before `<summary>`. */
  piLead: string;
  /** Claude Code: the sentence before the summary, the text after it, and the lines opening a re-sent Read. */
  claudeCodeLead: string;
  claudeCodeTrailer: string;
  claudeCodeReadWrappers: { call: string; result: string };
  /** Gemini CLI: the model turn after the summary. */
  geminiAcknowledgement: string;
}

export const HARNESS_COMPACT_STAND_INS: HarnessCompactProse = {
  piLead: "[stand-in: pi's sentence introducing the compaction summary]",
  claudeCodeLead: "[stand-in: Claude Code's sentence introducing the compaction summary]",
  claudeCodeTrailer: "\n\n[stand-in: Claude Code's note naming the session transcript and asking to continue]",
  claudeCodeReadWrappers: {
    call: "[stand-in: Claude Code's line before a re-sent Read call] ",
    result: "[stand-in: Claude Code's line before a re-sent Read result]\n",
  },
  geminiAcknowledgement: "[stand-in: Gemini CLI's acknowledgement of the summary]",
};
