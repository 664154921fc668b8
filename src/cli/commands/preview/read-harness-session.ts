// `preview --profile X --session FILE`: reads one of the agent's own session files with the reader its profile's
// session format names. Does IO through the Host (the one session-log reader, with its size and line caps).
import type { Host } from "../../../host/host.js";
import type { Diagnostic } from "../../../model/diagnostic.js";
import type { Profile } from "../../../profiles/profile.js";
import type { HarnessSessionFacts } from "../../../profiles/harness-session.js";
import { HARNESS_SESSION_READERS } from "../../../session-log/harness/harness-session-readers.js";
import { readSessionLogContent } from "../../../session-log/read-session-log.js";

export type ReadHarnessSession =
  | { session: unknown; facts: HarnessSessionFacts; diagnostics: Diagnostic[] }
  | { error: string; diagnostics: Diagnostic[] };

export function readHarnessSession(
  host: Pick<Host, "readBytes">,
  profile: Profile<"body">,
  path: string,
): ReadHarnessSession {
  const diagnostics: Diagnostic[] = [];
  const behaviour = profile.layout.session;
  if (behaviour === undefined) return { error: `--profile ${profile.id} does not resume sessions`, diagnostics };
  const content = readSessionLogContent(host, path, diagnostics);
  if (content === undefined) return { error: `--session ${path}: cannot be read`, diagnostics };
  if (content.kind !== "lines")
    return { error: `--session ${path}: not a ${profile.displayName} session file (${behaviour.where})`, diagnostics };
  const read = HARNESS_SESSION_READERS[behaviour.format](content.lines(), path);
  diagnostics.push(...read.diagnostics);
  if (read.value === undefined)
    return { error: `--session ${path}: not a ${profile.displayName} session file (${behaviour.where})`, diagnostics };
  return { session: read.value, facts: behaviour.facts(read.value), diagnostics };
}
