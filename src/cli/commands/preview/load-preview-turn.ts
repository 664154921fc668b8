// Turns preview's flags into the turn its profile compiles from, through the shared turn flags and the one turn
// setup: a TurnContext and the profile's prose (envelope layouts), or the harness's own turn and prose (body
// layouts). Does IO.
import type { CliIO } from "../../io.js";
import { nodeSetupPorts } from "../../node-setup-ports.js";
import { createCachingHost } from "../../../host/create-caching-host.js";
import { setupTurn, type SetUpTurn } from "../../../setup/index.js";
import { parseTurnFlags, type TurnDefaults } from "../../turn-flags.js";
import type { PreviewOptions } from "./preview-options.js";

export { errorLine } from "../../../setup/index.js";
export type PreviewTurn = SetUpTurn;

/** The turn to preview (the message already read into `options.message`), or a one-line usage/config error. */
export function loadPreviewTurn(
  options: PreviewOptions,
  io: CliIO,
  defaults: TurnDefaults = {},
): PreviewTurn | { error: string } {
  const parsed = parseTurnFlags(options, options.message, defaults);
  if (!parsed.value) return { error: parsed.diagnostics[0]?.message ?? "bad flags" };
  const input =
    "load" in parsed.value || options.home === undefined ? parsed.value : { ...parsed.value, home: options.home };
  const ports = nodeSetupPorts(io);
  // One short read-only run: each path is asked once (the project-root walks of docs, skills and config share
  // their answers; the cwd's realpath, config and stats are not repeated).
  return setupTurn({ ...ports, files: createCachingHost(ports.files) }, input);
}
