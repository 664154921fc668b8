// The flags of `promptc preview`, as commander hands them over. Types only.

export interface PreviewOptions {
  cwd?: string;
  message?: string;
  /** File (or `-` for standard input) holding the message: argv cannot carry Codex's 1 MiB limit. */
  messageFile?: string;
  image?: string[];
  profile: string;
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
  /** `--no-calibration` sets it false: stand-in prose even when a calibration is cached. */
  calibration?: boolean;
  scenario?: string;
  turn?: string;
  session?: string;
  json?: boolean;
  html?: string;
  text?: boolean;
  color?: boolean;
}
