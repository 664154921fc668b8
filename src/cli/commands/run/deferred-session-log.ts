// A session log that is written only once the model has answered: a run that fails before that (no server, a
// refused key, a failed pre-turn compaction) leaves no log behind, and a resumed log no half turn. Pure wrapper
// over a SessionLogFile (which does the IO).
import type { SessionLogFile } from "../../../host/session-log-file.js";
import type { SessionRecord } from "../../../session-log/session-log.js";

export interface DeferredSessionLog {
  path: string;
  /** Buffers until `commit()`, then appends; returns the log's error message, if any. */
  append(records: readonly SessionRecord[]): string | undefined;
  /** Write what was buffered and append directly from now on (idempotent). */
  commit(): string | undefined;
  /** True once something reached the file. */
  readonly committed: boolean;
}

export function deferSessionLog(log: SessionLogFile): DeferredSessionLog {
  let pending: SessionRecord[] | undefined = [];
  return {
    path: log.path,
    append(records) {
      if (pending !== undefined) {
        pending.push(...records);
        return undefined;
      }
      return log.append(records);
    },
    commit() {
      if (pending === undefined) return undefined;
      const records = pending;
      pending = undefined;
      return log.append(records);
    },
    get committed() {
      return pending === undefined;
    },
  };
}
