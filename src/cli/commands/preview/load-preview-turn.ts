// Turns preview's flags into a TurnContext and the profile's prose, through the shared turn flags. Does IO.
import type { CliIO } from "../../io.js";
import { loadTurnFromFlags, type ResolvedTurn, type TurnDefaults } from "../../turn-flags.js";
import type { PreviewOptions } from "./preview-options.js";

export { errorLine } from "../../turn-flags.js";
export type PreviewTurn = ResolvedTurn;

/** The turn to preview (the message already read into `options.message`), or a one-line usage/config error. */
export function loadPreviewTurn(
  options: PreviewOptions,
  io: CliIO,
  defaults: TurnDefaults = {},
): PreviewTurn | { error: string } {
  return loadTurnFromFlags(options, options.message, io, defaults);
}
