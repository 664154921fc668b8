// Which verb's module a command line runs, read before anything is loaded (bin.ts picks the verb's bundle with it,
// program.ts the verb's module). Pure.

/**
 * The first word that is not an option, or for `help <verb>` the word after `help`; undefined for none (`--help`,
 * `--version`). Options after a verb are the verb's (`enablePositionalOptions`), so only the words before count.
 */
export function verbOf(argv: readonly string[]): string | undefined {
  const words = argv.filter((a) => !a.startsWith("-"));
  return words[0] === "help" && words[1] !== undefined ? words[1] : words[0];
}
