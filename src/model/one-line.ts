// A message made to fit the one-line rule for reasons on stderr and in diagnostics: parsers' messages quote
// the bad text (JSON.parse) or append a code frame (yaml). Pure.

const CODE_FRAME = /( at line \d+, column \d+):\r?\n[\s\S]*$/;
const LINE_BREAKS = /\s*[\r\n]+\s*/g;

/** Drops a trailing code frame after "at line N, column M:" and turns every line break into one space. */
export function oneLine(message: string): string {
  return message.replace(CODE_FRAME, "$1").replace(LINE_BREAKS, " ").trim();
}
