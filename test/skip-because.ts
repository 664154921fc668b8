// A skipped test always says why: `it.skipIf(skipBecause(what, reason))` prints `what: skipped: reason` when
// there is a reason (undefined = run) and returns whether to skip. test/invariants/skips-say-why.test.ts holds
// every skipIf in test/ to it.

export function skipBecause(what: string, reason: string | undefined): boolean {
  if (reason === undefined) return false;
  console.log(`${what}: skipped: ${reason}`);
  return true;
}
