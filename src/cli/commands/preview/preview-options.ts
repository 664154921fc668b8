// The flags of `promptc preview`, as commander hands them over. Types only.

export interface PreviewOptions {
  cwd?: string;
  message?: string;
  /** File (or `-` for standard input) holding the message: argv cannot carry Codex's 1 MiB limit. */
  messageFile?: string;
  image?: string[];
  profile: string;
  /** Harness profiles: the home whose ~/.claude*, ~/.gemini, ~/.pi/agent are read. */
  home?: string;
  codexHome?: string;
  config?: string;
  configProfile?: string;
  model?: string;
  sandbox?: string;
  approval?: string;
  sessionId?: string;
  date?: string;
  timezone?: string;
  shell?: string;
  baseInstructions?: string;
  proseDir?: string;
  scenario?: string;
  turn?: string;
  session?: string;
  json?: boolean;
  html?: string;
  text?: boolean;
  color?: boolean;
}
