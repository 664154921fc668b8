// Every diagnostic id promptc's loaders, compiler, sessions, compaction, capture and CLI emit (lint rule ids are
// in lint/rules/), each with one line saying what it means. `promptc explain ID` prints it. Data only; pure.
// test/model/diagnostic-catalogue.test.ts checks that the ids are unique and that every id in src/ is here.

export interface DiagnosticInfo {
  /** `family/kebab-name`, as in Diagnostic.rule. */
  id: string;
  /** What happened and what promptc did about it, in one line. */
  summary: string;
}

export const DIAGNOSTIC_CATALOGUE: readonly DiagnosticInfo[] = [
  // AGENTS.md discovery and the project-doc budget.
  {
    id: "agents-md/binary",
    summary: "A project doc contains NUL bytes; it looks binary but is sent as text, as Codex does.",
  },
  { id: "agents-md/bom", summary: "A project doc starts with a UTF-8 byte-order mark, which is sent as U+FEFF." },
  { id: "agents-md/crlf", summary: "A project doc uses CRLF line ends; they are sent unchanged." },
  {
    id: "agents-md/dangling-symlink",
    summary: "A project-doc candidate is a symlink to nothing; it is skipped and the next name is tried.",
  },
  { id: "agents-md/disabled", summary: "project_doc_max_bytes is 0, so no project docs are sent." },
  {
    id: "agents-md/untrusted",
    summary: 'cwd (or its project root) has trust_level = "untrusted", so Codex sends no project docs.',
  },
  {
    id: "agents-md/dropped",
    summary: "A project doc was left out because earlier docs already spent the project-doc byte budget.",
  },
  {
    id: "agents-md/empty",
    summary: "A project doc (or the global instructions file) is empty or whitespace only and is skipped.",
  },
  {
    id: "agents-md/global-invalid-utf8",
    summary: "The global instructions file in CODEX_HOME is not valid UTF-8 and is skipped, as Codex skips it.",
  },
  {
    id: "agents-md/global-unreadable",
    summary: "The global instructions file in CODEX_HOME is not a readable regular file and is skipped.",
  },
  {
    id: "agents-md/invalid-utf8",
    summary: "A project doc is not valid UTF-8; each invalid sequence is sent as U+FFFD.",
  },
  {
    id: "agents-md/not-a-file",
    summary: "A project-doc candidate is not a regular file (a directory, a device); the next name is tried.",
  },
  {
    id: "agents-md/read-failed",
    summary: "A project doc could not be checked or read; as in Codex, no project docs are sent at all.",
  },
  {
    id: "agents-md/split-character",
    summary: "The budget cut falls inside a multi-byte character; reported with how the cut was made.",
  },
  { id: "agents-md/truncated", summary: "A project doc was cut to fit the remaining project-doc byte budget." },
  { id: "agents-md/vanished", summary: "A project doc disappeared between listing and reading it and is skipped." },

  // Calibration from an installed agent's captured requests.
  { id: "calibrate/conflict", summary: "Two captures describe the same tool differently; the first one is kept." },
  {
    id: "calibrate/earlier-approval",
    summary:
      "An earlier turn's permissions text has an approval policy that cannot be told apart; that text is skipped.",
  },
  { id: "calibrate/invalid-json", summary: "A captured request file is not valid JSON and is skipped." },
  {
    id: "calibrate/network-sentence",
    summary:
      "A sandbox sentence names the network setting in an unexpected way; it is kept verbatim, exact for the captured setting only.",
  },
  {
    id: "calibrate/not-responses",
    summary: "A captured file is not a Responses request body (no input list) and is skipped.",
  },
  {
    id: "calibrate/sandbox-mismatch",
    summary:
      "A turn's sandbox mode disagrees with the sandbox its environment describes; its permissions section is skipped.",
  },
  {
    id: "calibrate/unknown-sandbox",
    summary: "The sandbox mode of a captured permissions section cannot be told; the section is skipped.",
  },
  {
    id: "calibrate/unknown-version",
    summary: "The agent's version is unknown (no headers beside the capture); pass --agent-version to record it.",
  },
  {
    id: "calibrate/unrecognised-section",
    summary: "A captured permissions section does not have the expected layout and is skipped.",
  },
  {
    id: "calibrate/version-mismatch",
    summary: "The capture comes from another agent version than the profile targets; its layout may differ.",
  },
  {
    id: "calibrate/prompt-input",
    summary: "`codex debug prompt-input` printed no input list for one sandbox and approval; its texts stay stand-ins.",
  },
  {
    id: "calibrate/family-failed",
    summary: "Codex sent no request for one model family during calibration; that family's prose stays stand-in.",
  },
  {
    id: "calibrate/no-layout",
    summary:
      "A model family's first captured request has no recognisable initial context; its texts are not calibrated.",
  },
  {
    id: "calibrate/layout-mismatch",
    summary:
      "Codex sent another layout for a model than its catalogue fields predict; previews of that family may differ.",
  },

  // The capture server and request views.
  {
    id: "capture/bad-compressed-body",
    summary: "A request body could not be decompressed with its content-encoding; it is kept as received.",
  },
  {
    id: "capture/body-too-large",
    summary: "A request body exceeds the capture limit; the first bytes are recorded and the request is refused.",
  },
  { id: "capture/invalid-json", summary: "A request body is not valid JSON; it is shown raw." },
  { id: "capture/invalid-reply-script", summary: "The reply script (what the capture server answers) is malformed." },
  {
    id: "capture/invalid-utf8",
    summary: "A request body is not valid UTF-8; it is shown with replacement characters, saved as sent.",
  },
  {
    id: "capture/no-requests",
    summary: "The agent sent no request to the capture server (another endpoint, or it failed before its first turn).",
  },
  { id: "capture/spawn-failed", summary: "The agent process could not be started." },
  {
    id: "capture/timeout",
    summary: "The agent did not finish in time and was stopped; the requests recorded so far are kept.",
  },
  {
    id: "capture/turn-limit",
    summary: "The agent asked for more model turns than --turns allows; the extra request was answered with an error.",
  },
  { id: "capture/unexpected-body", summary: "A request body is JSON but not an object; it is shown raw." },
  {
    id: "capture/unknown-dialect",
    summary: "A request body is JSON but not a model request promptc knows; it is shown raw.",
  },
  {
    id: "capture/unknown-encoding",
    summary: "A request body has a content-encoding promptc cannot decode; it is kept as received.",
  },

  // The command line.
  { id: "cli/usage", summary: "A command-line flag has a value promptc cannot use (the message names the flag)." },

  // Compaction.
  { id: "compact/bad-pin", summary: "A --pin selector names no fragment promptc knows (nor skill:NAME)." },
  {
    id: "compact/history-replaced",
    summary:
      "Local compaction replaced the history; only real user messages, the summary, the initial context and ghost snapshots carry over.",
  },
  {
    id: "compact/items-summarized",
    summary: "pi compaction replaced the items before the cut point with the summary.",
  },
  { id: "compact/no-summary", summary: "The summary text is empty; the fallback text was used." },
  {
    id: "compact/nothing-to-summarize",
    summary:
      "Nothing before the strategy's cut: pi (budget not reached: it still writes a summary; or already compacted), Claude Code (no reply yet) or Gemini CLI (no user turn to split at).",
  },
  {
    id: "compact/empty-summary",
    summary:
      "A Gemini CLI dry run without --summary: the placeholder stands in; Gemini CLI itself keeps the history when its summariser replies with nothing.",
  },
  {
    id: "compact/remote-items-dropped",
    summary: "Items of the server's compacted output were dropped (developer, contextual, reasoning or tool items).",
  },
  {
    id: "compact/remote-output-simulated",
    summary:
      "No server output was given; remote compaction was simulated from the real user messages and one compaction item.",
  },
  {
    id: "compact/remote-trimmed",
    summary: "Harness-generated items were trimmed from the tail before remote compaction to fit the window.",
  },
  {
    id: "compact/split-turn",
    summary: "The pi cut point falls inside a turn; the turn's start is summarised separately.",
  },
  {
    id: "compact/user-message-truncated",
    summary: "A retained user message was middle-truncated to fit the user-message token budget.",
  },
  {
    id: "compact/user-messages-dropped",
    summary: "Older user messages were dropped because newer ones used up the user-message token budget.",
  },

  // The compiler.
  {
    id: "compile/placement-target-missing",
    summary: "An extra fragment names a neighbour that is not in the request; it was appended as a user message.",
  },

  // Codex configuration (config.toml, profiles, instruction files).
  {
    id: "config/base-instructions",
    summary: "The base-instructions file given on the command line cannot be used (unreadable, not UTF-8, empty).",
  },
  {
    id: "config/invalid-project-root-markers",
    summary: 'project_root_markers is not an array of strings; the default [".git"] is used.',
  },
  { id: "config/invalid-toml", summary: "A config.toml is not valid TOML (the place is the parser's)." },
  { id: "config/invalid-utf8", summary: "A config file is not valid UTF-8." },
  { id: "config/invalid-value", summary: "A config key has a value of the wrong type." },
  { id: "config/model-instructions-empty", summary: "The file model_instructions_file points to is empty." },
  { id: "config/model-instructions-unreadable", summary: "The file model_instructions_file points to cannot be read." },
  {
    id: "config/no-codex-home",
    summary: "CODEX_HOME cannot be located: set $CODEX_HOME or $HOME, or pass --codex-home.",
  },
  {
    id: "config/project-config-untrusted",
    summary: "A project's .codex/config.toml is ignored because its folder is not a trusted project.",
  },
  { id: "config/unknown-profile", summary: "The selected config profile has no NAME.config.toml in CODEX_HOME." },
  {
    id: "config/legacy-profile",
    summary:
      "config.toml uses the legacy profile forms Codex 0.171.0 refuses (`profile =`, a selected [profiles.NAME]).",
  },
  { id: "config/unreadable", summary: "A config file exists but cannot be read." },

  // Discovery of the working directory and project root.
  { id: "discover/missing-cwd", summary: "The working directory is not accessible." },
  {
    id: "discover/project-root-failed",
    summary: "A project-root marker could not be checked; the search for project docs stops there, as in Codex.",
  },

  // The environment context.
  { id: "environment/invalid-date", summary: "The given date is not a calendar date (YYYY-MM-DD)." },
  { id: "environment/invalid-timezone", summary: "The given timezone is not a known IANA timezone." },
  {
    id: "environment/unknown-shell",
    summary: "The shell is not one Codex names (zsh, bash, powershell, sh, cmd); it is sent as given.",
  },

  // History normalisation before a request.
  { id: "history/image-omitted", summary: "Image parts were replaced by text because the model takes no image input." },
  {
    id: "history/missing-call-output",
    summary: "A tool call had no output; an aborted-output placeholder was sent for it.",
  },
  { id: "history/orphan-call-output", summary: "A tool output had no matching call in the history and was removed." },

  // The turn's own input.
  { id: "input/image-type", summary: "An attached image is not png, jpeg, gif or webp." },
  { id: "input/image-unreadable", summary: "An attached image cannot be read." },
  { id: "input/too-long", summary: "The user message is longer than Codex accepts (MAX_USER_INPUT_TEXT_CHARS)." },

  // Lint's file-system layer.
  {
    id: "lint/ignored-path",
    summary: "A path given to lint is ignored (.gitignore or an ignore pattern); --no-ignore lints it.",
  },
  {
    id: "lint/unreadable-directory",
    summary: "A folder lint's walk could not read (EACCES, …); the files below it were not linted.",
  },
  { id: "lint/max-files", summary: "More files match than --max-files allows; narrow the paths or raise the limit." },
  { id: "lint/no-such-path", summary: "A path given to lint does not exist." },
  { id: "lint/unknown-file-kind", summary: "A file given to lint is not a kind promptc has rules for; it is skipped." },

  // Lint configuration.
  { id: "meta/invalid-config", summary: "The lint configuration does not match its schema (or cannot be parsed)." },
  {
    id: "meta/invalid-options",
    summary: "A rule's options in the lint configuration do not match the rule's options schema.",
  },
  {
    id: "meta/unknown-config-key",
    summary: "The lint configuration has a top-level key promptc does not know; it is ignored.",
  },
  {
    id: "meta/unknown-rule",
    summary: "The lint configuration names a rule that does not exist; the entry is ignored.",
  },

  // The permissions fragment.
  {
    id: "permissions/approval-entry-point",
    summary:
      "Which entry point's approval policy the preview shows (codex: `codex exec`, which always sends never, or the interactive TUI with --tui, which honours config.toml) and what the other sends.",
  },
  {
    id: "permissions/prefixes-text-truncated",
    summary: "The approved command prefixes text was cut to Codex's character cap.",
  },
  {
    id: "permissions/prefixes-truncated",
    summary: "Only the first approved command prefixes were rendered; Codex renders at most that many.",
  },

  // Scenario snapshots: the prefix invariant.
  {
    id: "prefix/broken",
    summary: "A scenario turn's request does not extend the previous turn's (the cached prefix breaks).",
  },
  {
    id: "prefix/expected-break",
    summary: "A scenario turn is marked breaksCache but its request extends the previous one.",
  },

  // Prose (templates and text) loaded from files.
  { id: "prose/duplicate", summary: "Two prose files give the same fragment; the later one is ignored." },
  { id: "prose/empty", summary: "A base-instructions prose file is empty; base instructions must not be." },
  { id: "prose/invalid-tools", summary: "A tools prose file (tool descriptions) cannot be parsed." },
  { id: "prose/invalid-utf8", summary: "A prose file is not valid UTF-8." },
  { id: "prose/too-large", summary: "A prose file is over the prose file size limit." },
  { id: "prose/unknown-id", summary: "A prose file names a fragment the profile does not have; the file is not used." },
  { id: "prose/unknown-profile", summary: "There is no bundled prose for the profile asked for." },
  { id: "prose/unreadable", summary: "A prose file or folder cannot be read." },

  // Exec-policy rules files (approved command prefixes).
  {
    id: "rules/all-ignored",
    summary: "A rules file failed to load, so (as in Codex) no approved command prefixes are sent.",
  },
  { id: "rules/invalid-utf8", summary: "A rules file is not valid UTF-8." },
  {
    id: "rules/too-large",
    summary:
      "A rules file is over the read limit (16 MiB); it is not parsed, and as for any failed rules file no approved prefixes are sent.",
  },
  { id: "rules/not-a-file", summary: "An entry of the rules folder is not a regular file; it is ignored." },
  { id: "rules/syntax-error", summary: "A rules file has a syntax error (the place is the parser's)." },
  { id: "rules/unreadable", summary: "The rules folder or a rules file cannot be read." },

  // Scenario files.
  { id: "scenario/empty", summary: "The scenario file is empty." },
  { id: "scenario/invalid-utf8", summary: "The scenario file is not valid UTF-8." },
  {
    id: "scenario/schema",
    summary: "The scenario does not match the scenario schema (the JSON path and line say where).",
  },
  { id: "scenario/syntax", summary: "The scenario file is not valid YAML or JSON." },
  { id: "scenario/too-large", summary: "The scenario file is over the scenario size limit." },
  {
    id: "scenario/turn-setup",
    summary:
      "A scenario turn cannot be set up or continued: its folder or home is missing, its profile does not resume sessions, or a later turn has no reply to continue from.",
  },
  { id: "scenario/unreadable", summary: "The scenario file cannot be read." },

  // Session logs (Codex rollouts, promptc logs, request bodies).
  {
    id: "session/invalid-utf8",
    summary: "The session log is not valid UTF-8; invalid bytes were replaced with U+FFFD.",
  },
  {
    id: "session/legacy-compaction",
    summary:
      "A compaction record has no replacement history; the history is rebuilt from the user messages and the summary.",
  },
  {
    id: "session/malformed-item",
    summary: "A history item in the log has a field of the wrong shape; the item is skipped.",
  },
  { id: "session/malformed-json", summary: "A whole-JSON session log (request body or item array) is not valid JSON." },
  { id: "session/malformed-line", summary: "A line of a JSONL session log is not valid JSON; the line is skipped." },
  {
    id: "session/model-switch-compaction",
    summary:
      "The turn switches to a model of another compaction family (Codex's comp_hash): the history is compacted first; the summary is the --summary text.",
  },
  {
    id: "session/model-switch-uncompacted",
    summary:
      "A scenario or library session switches to a model of another compaction family: the real agent compacts first; the request is shown uncompacted.",
  },
  { id: "session/too-large", summary: "The session log is over the size limit; only its beginning was read." },
  {
    id: "session/line-too-long",
    summary: "A line of a session log is over the one-line limit (16 MiB); it is skipped without being decoded.",
  },
  {
    id: "session/truncated-line",
    summary: "The last line of a JSONL session log is cut off (no closing newline); it is skipped.",
  },
  { id: "session/unknown-format", summary: "The file is neither a session log promptc reads nor a scenario." },
  { id: "session/unknown-record", summary: "The log has records of a type promptc does not model; they are ignored." },
  { id: "session/unreadable", summary: "The session log cannot be read." },
  {
    id: "session/unsupported-item",
    summary: "A history item in the log has a type promptc does not model; the item is skipped.",
  },

  // promptc sessions.
  {
    id: "sessions/bad-price-table",
    summary: "The --prices file is not a price table (JSON: currency, and per model numeric input and output prices).",
  },

  // Skills discovery and the skills list.
  {
    id: "skills/untrusted-project",
    summary:
      "The project is marked untrusted, but Codex lists its skills anyway (its AGENTS.md and .codex/config.toml are not sent or applied).",
  },
  { id: "skills/broken-symlink", summary: "A symlink in a skills folder cannot be followed; it is skipped." },
  {
    id: "skills/description-capped",
    summary: "A skill description is longer than Codex lists; it is cut and ends in `...`.",
  },
  { id: "skills/descriptions-shortened", summary: "Skill descriptions were shortened to fit the skills-list budget." },
  {
    id: "skills/invalid-sidecar",
    summary: "A skill's metadata sidecar cannot be used (not UTF-8, or malformed); it is ignored.",
  },
  {
    id: "skills/invalid-skill",
    summary: "A SKILL.md cannot be parsed as a skill (frontmatter, name or description); it is skipped.",
  },
  { id: "skills/invalid-utf8", summary: "A SKILL.md is not valid UTF-8; it is skipped." },
  { id: "skills/mention-ambiguous", summary: "A $name mention matches several skills; none is injected." },
  { id: "skills/mention-shadowed", summary: "A $name mention is also a connector's name; the skill is not injected." },
  { id: "skills/mention-unresolved", summary: "A structured skill mention points to no enabled skill." },
  {
    id: "skills/omitted",
    summary: "Skills were left out of the list: even without descriptions the lines exceed the budget.",
  },
  { id: "skills/scan-truncated", summary: "The skills scan stopped at its directory limit for one root." },
  { id: "skills/symlinked-file", summary: "A symlinked SKILL.md is ignored (Codex follows symlinked folders only)." },
  { id: "skills/unreadable", summary: "A SKILL.md cannot be read; it is skipped." },
  { id: "skills/unreadable-dir", summary: "A skills folder cannot be listed; it is skipped." },

  // Snapshot configuration.
  {
    id: "snapshot/config",
    summary: "The snapshot folders configuration cannot be used (too large, unparsable, or wrong shape).",
  },

  // Templates.
  { id: "template/missing", summary: "The profile's prose has no entry for a fragment it renders." },
  {
    id: "template/missing-tool-description",
    summary: "The profile's prose has no description for a tool (or a tool parameter) it declares.",
  },
  {
    id: "template/render-failed",
    summary: "A template failed to render (missing variable, unknown helper, syntax); its text is empty.",
  },

  // Other harnesses' discovery (preview --profile claude-code|gemini-cli|pi, promptc agents).
  {
    id: "copilot/custom-instructions-dirs",
    summary:
      "COPILOT_CUSTOM_INSTRUCTIONS_DIRS is set; Copilot CLI also reads instruction files there, which promptc does not show.",
  },
  {
    id: "copilot/import-not-loaded",
    summary:
      "An @path in a Copilot instruction file names no file inside the repository (or the Copilot home); it stays as text.",
  },
  {
    id: "copilot/no-model",
    summary:
      "Neither --model nor COPILOT_MODEL names a model; promptc assumes gpt-5.5 (Copilot's BYOK mode needs one).",
  },
  {
    id: "copilot/no-provider",
    summary: "COPILOT_PROVIDER_BASE_URL is unset; promptc shows the body of Copilot's BYOK mode on the Responses API.",
  },
  {
    id: "copilot/replayed-reply-id",
    summary:
      "A resumed Copilot CLI session's replies carry ids Copilot computes from their text; promptc writes a marker.",
  },
  {
    id: "copilot/resume-wire",
    summary: "A Copilot CLI session resumed over Chat Completions or Messages, whose replay promptc has not measured.",
  },
  {
    id: "calibrate/layout-differs",
    summary:
      "A captured request of Claude Code, Gemini CLI, pi or Copilot CLI does not have the layout the profile expects; nothing is calibrated.",
  },
  {
    id: "claude-json/invalid",
    summary: "~/.claude.json is not valid JSON; no device id or include approvals are read from it.",
  },
  {
    id: "claude-md/agents-md-ignored",
    summary: "An AGENTS.md that Claude Code skips because the project has a CLAUDE.md.",
  },
  {
    id: "claude-md/conditional-rule",
    summary: "A .claude/rules file scoped with paths:, which Claude Code loads only when a matching file is read.",
  },
  {
    id: "claude-md/import-missing",
    summary: "A CLAUDE.md @import names a file that does not exist; Claude Code drops it silently.",
  },
  {
    id: "claude-md/import-outside-cwd",
    summary: "A CLAUDE.md @import outside the launch folder, dropped unless ~/.claude.json approves external includes.",
  },
  {
    id: "claude-md/import-too-deep",
    summary: "A CLAUDE.md @import chain deeper than 4 levels; Claude Code stops there.",
  },
  {
    id: "claude-md/import-not-text",
    summary: "A CLAUDE.md @import of a binary file type (.png, .pdf, …), which Claude Code leaves out.",
  },
  {
    id: "claude-md/rules-order",
    summary:
      "Several .claude/rules files whose directory order the host cannot tell; promptc shows them in name order.",
  },
  {
    id: "claude-code/legacy-model-layout",
    summary: "An older Claude model, for which Claude Code lays the request out otherwise than promptc shows.",
  },
  {
    id: "claude-code/unknown-model",
    summary: "A model id Claude Code does not know: 32,000 max tokens, effort high, another model line.",
  },
  { id: "claude-md/unreadable", summary: "A CLAUDE.md-chain file could not be read; Claude Code skips it." },
  { id: "claude-skill/bad-frontmatter", summary: "A Claude Code SKILL.md frontmatter is not valid YAML." },
  {
    id: "claude-skill/duplicate-name",
    summary: "A Claude Code skill whose name was already listed; the first is kept.",
  },
  {
    id: "claude-skill/model-invocation-disabled",
    summary: "A Claude Code skill with disable-model-invocation: true, left out of the model's skill list.",
  },
  { id: "gemini-md/above-git-root", summary: "A GEMINI.md above the git root, which Gemini CLI does not read." },
  {
    id: "gemini-md/import-missing",
    summary: "A GEMINI.md @import names a missing file; Gemini CLI leaves an Import failed comment in its place.",
  },
  {
    id: "gemini-md/import-outside-project",
    summary: "A GEMINI.md @import outside the project root, refused by Gemini CLI.",
  },
  {
    id: "gemini/install-not-found",
    summary: "Gemini CLI is neither calibrated nor on PATH; its built-in skills are left out of the preview.",
  },
  {
    id: "gemini/legacy-model-prose",
    summary: "A Gemini 2.5 model, for which Gemini CLI sends another system text than the prose promptc has.",
  },
  {
    id: "gemini/plan-mode-prose",
    summary: "Plan mode adds a section to Gemini CLI's system text that promptc's prose does not have.",
  },
  {
    id: "gemini/settings-yolo-ignored",
    summary: "general.defaultApprovalMode yolo in the settings, which Gemini CLI does not apply (only the flag does).",
  },
  {
    id: "gemini/unknown-model",
    summary: "A model Gemini CLI has no settings for: it sends the base generation settings, without thinking ones.",
  },
  {
    id: "gemini/workspace-settings-untrusted",
    summary: "The cwd's .gemini/settings.json, ignored because the folder is not trusted.",
  },
  {
    id: "gemini/new-project-id",
    summary: "The folder is not in ~/.gemini/projects.json yet; the temp-folder id is the one Gemini CLI would pick.",
  },
  {
    id: "pi-skill/bad-frontmatter",
    summary: "A pi SKILL.md frontmatter is not valid YAML; pi drops the skill without a word.",
  },
  { id: "pi-skill/name-collision", summary: "A pi skill whose name was already found; pi keeps the first." },
  { id: "pi-skill/no-description", summary: "A pi skill without a description, which pi does not list." },
  {
    id: "pi/builtin-provider",
    summary: "pi's default provider is a built-in one (not in models.json); max tokens and reasoning are assumed.",
  },
  {
    id: "pi/context-file-shadowed",
    summary: "A CLAUDE.md pi skips because an AGENTS.md in the same folder comes first.",
  },
  {
    id: "pi/install-folder",
    summary:
      "The install folder pi's prompt names, and which pi it was found from (calibration's, PATH's or PI_PACKAGE_DIR).",
  },
  {
    id: "pi/install-not-found",
    summary: "pi is neither calibrated nor on PATH; the install folder its prompt names is shown as a placeholder.",
  },
  { id: "pi/invalid-json", summary: "A pi settings.json or models.json is not valid JSON." },
  {
    id: "pi/no-default-provider",
    summary: "pi's settings name no defaultProvider; the body is laid out for its default API.",
  },
  {
    id: "pi/thinking-level",
    summary: "A pi defaultThinkingLevel promptc does not model (an unknown level, or not medium on the Google API).",
  },
  {
    id: "pi/project-extensions",
    summary: "The cwd has .pi/extensions, code pi runs at start that may add skills and messages to the request.",
  },
  { id: "pi/unknown-api", summary: "pi's provider names an API promptc does not know; the Responses layout is used." },
  { id: "pi/unknown-model", summary: "pi's default model is not listed under its provider in models.json." },
  { id: "pi/unreadable", summary: "A pi context file could not be read; pi warns and tries the next name." },

  // The user message fragment.
  {
    id: "user-message/too-long",
    summary: "The user message is longer than Codex accepts (MAX_USER_INPUT_TEXT_CHARS).",
  },

  // The Codex model catalogue, its calibration and the per-model setup.
  { id: "calibration/corrupt", summary: "The stored calibration cannot be parsed; it is not used (calibrate again)." },
  {
    id: "calibration/stale",
    summary:
      "A stored calibration is of another agent version than the file or the profile names, or in a format this promptc does not read; it is not used (calibrate again).",
  },
  {
    id: "calibration/old-layout",
    summary:
      "A calibration was read from the old cache layout (calibration/<agent>-<version>.json); calibrating again writes calibration/<agent>/<version>.json.",
  },
  {
    id: "calibration/unreadable",
    summary: "A stored calibration file cannot be read (or is too large); it is not used.",
  },
  {
    id: "calibration/catalogue-drift",
    summary:
      "The model catalogue now describes a model differently from the calibrated one; calibrated texts may be out of date.",
  },
  {
    id: "model/not-in-catalogue",
    summary: "The model is not in the catalogue; Codex's fallback layout for unknown slugs is used.",
  },
  {
    id: "model/no-catalogue",
    summary: "No model is named and no Codex model catalogue is known; a fallback model is assumed.",
  },
  { id: "calibration/off", summary: "--no-calibration: stand-in prose is used although a calibration exists." },
  {
    id: "calibration/no-family",
    summary: "The calibration has no texts for the model's family; its model-specific prose is stand-in.",
  },
  {
    id: "codex/version-mismatch",
    summary: "The installed Codex is another version than the profile or calibration describes; requests may differ.",
  },
  {
    id: "codex/system-skills-pending",
    summary: "CODEX_HOME has no system skills yet; Codex installs them on first start, so its skills list will grow.",
  },
  {
    id: "codex/system-skills-predicted",
    summary:
      "CODEX_HOME has no system skills yet; they are previewed as Codex will install them (from the calibration).",
  },
  { id: "prose/invalid-json", summary: "A JSON prose file (calibrated tool lists or layout) is not valid JSON." },
  { id: "catalogue/invalid-json", summary: "The model catalogue is not valid JSON; it is not used." },
  { id: "catalogue/no-models", summary: "The model catalogue has no models list; it is not used." },
  { id: "catalogue/bad-entry", summary: "A model catalogue entry has no slug; it is skipped." },
  { id: "catalogue/duplicate-slug", summary: "A model is listed twice in the catalogue; the first entry is used." },
];

/** The catalogue entry of `id`, or undefined. */
export function findDiagnosticInfo(id: string): DiagnosticInfo | undefined {
  return DIAGNOSTIC_CATALOGUE.find((entry) => entry.id === id);
}
