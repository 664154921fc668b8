// Turns preview's flags into the turn its profile compiles from, through the shared turn flags: a TurnContext and
// the profile's prose (envelope layouts), or the harness's own turn and prose (body layouts). Does IO.
import type { CliIO } from "../../io.js";
import { resolveBodyTurn, type ResolvedBodyTurn } from "../../resolve-body-turn.js";
import { resolveTurn, type ResolvedTurn } from "../../resolve-turn.js";
import { parseTurnFlags, type TurnDefaults } from "../../turn-flags.js";
import type { PreviewOptions } from "./preview-options.js";

export { errorLine } from "../../resolve-turn.js";
export type PreviewTurn = ResolvedTurn | ResolvedBodyTurn;

/** The turn to preview (the message already read into `options.message`), or a one-line usage/config error. */
export function loadPreviewTurn(
  options: PreviewOptions,
  io: CliIO,
  defaults: TurnDefaults = {},
): PreviewTurn | { error: string } {
  const parsed = parseTurnFlags(options, options.message, defaults);
  if (!parsed.value) return { error: parsed.diagnostics[0]?.message ?? "bad flags" };
  return "load" in parsed.value ? resolveTurn(parsed.value, io) : resolveBodyTurn(parsed.value, options.home, io);
}
