// The flags of `promptc preview`, as commander hands them over: the shared turn flags plus preview's own. Types only.
import type { TurnFlags } from "../../turn-flags.js";

export interface PreviewOptions extends TurnFlags {
  /** Profiles with their own discovery: the home whose ~/.claude*, ~/.gemini, ~/.pi/agent are read. */
  home?: string;
  scenario?: string;
  turn?: string;
  session?: string;
  /** With --session: the previous model's reply when the turn compacts first (a switch across compaction families). */
  summary?: string;
  json?: boolean;
  html?: string;
  text?: boolean;
  color?: boolean;
}
