// The one thing a watched run (src/cli/run-memo/record-run.ts) cannot tell from the modules it hands the run: that
// the clock was read only for the calendar date in a zone, which a memo can check again, and not for the instant,
// which no later run shares. The watcher puts itself here for the run; the node host asks it. Does IO (global).

export interface RunWatch {
  /** Today's date in `zone` (`YYYY-MM-DD`), noted as what the run depends on. */
  dateIn(zone: string): string;
}

const KEY = Symbol.for("promptc.run-watch");

export function currentRunWatch(): RunWatch | undefined {
  return (globalThis as { [KEY]?: RunWatch })[KEY];
}

export function setRunWatch(watch: RunWatch | undefined): void {
  (globalThis as { [KEY]?: RunWatch })[KEY] = watch;
}
