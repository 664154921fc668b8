// `promptc run --resume LOG`: read the session log to continue — its history, usage, session id, the session's
// base instructions and the settings of its last turn (the baseline). Does IO (CLI edge).
import { resolve } from "node:path";
import { listSessionLogs } from "../../../host/session-log-file.js";
import { resumedSessionOf, type ResumedSession } from "../../../loop/run-session-turn.js";
import { createNodeHost } from "../../../host/node-host.js";
import { readSessionLog, SESSION_LOG_MAX_BYTES } from "../../../session-log/read-session-log.js";
import { tooLargeMessage } from "../../read-input.js";
import type { CliIO } from "../../io.js";

/** Problems of a resumed log printed one by one; a wrong file would otherwise print one per line. */
const RESUME_WARNINGS_SHOWN = 5;

/** The log's file and session id, and what the turn continues from it. */
export interface Resumed extends ResumedSession {
  path: string;
  sessionId?: string;
}

/** The log to continue (a path, or `last`: the newest under `sessionsDir`), or a one-line reason it cannot be. */
export function readResumed(which: string, sessionsDir: string, io: CliIO): Resumed | string {
  const path = which === "last" ? listSessionLogs(sessionsDir).files[0]?.path : resolve(io.cwd, which);
  if (path === undefined) return `no session logs under ${sessionsDir}`;
  // The one session-log reader (as preview --session and compact): a line over the line cap is skipped with a
  // warning. A log over the size cap is refused: continuing a cut history would append to a log it misrepresents.
  const read = readSessionLog(createNodeHost({ cwd: io.cwd, env: io.env }), path);
  const unreadable = read.diagnostics.find((d) => d.rule === "session/unreadable");
  if (unreadable) return unreadable.message;
  if (read.diagnostics.some((d) => d.rule === "session/too-large")) return tooLargeMessage(path, SESSION_LOG_MAX_BYTES);
  if (!read.value) return `${path} is not a session log`;
  const parsed = { value: read.value, diagnostics: read.diagnostics };
  for (const d of parsed.diagnostics.slice(0, RESUME_WARNINGS_SHOWN)) io.stderr(`${d.severity}: ${d.message}\n`);
  if (parsed.diagnostics.length > RESUME_WARNINGS_SHOWN)
    io.stderr(`… and ${parsed.diagnostics.length - RESUME_WARNINGS_SHOWN} more\n`);
  if (parsed.diagnostics.some((d) => d.severity === "error")) return `${path} is not a session log`;
  if (parsed.value.history.length === 0 && parsed.value.meta.sessionId === undefined)
    return `${path} is not a session log (no record in it could be read)`;
  const { meta } = parsed.value;
  return {
    path,
    ...(meta.sessionId !== undefined ? { sessionId: meta.sessionId } : {}),
    ...resumedSessionOf(parsed.value),
  };
}
