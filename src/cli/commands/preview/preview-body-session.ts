// `promptc preview --profile claude-code|gemini-cli|pi --session FILE`: the next request of one of that agent's
// own sessions — the file read with the reader its layout's session format names, the turn discovered now (in
// the session's folder unless -C says otherwise, with its session id). Does IO through the Node host.
import { compileBody } from "../../../compile/compile-body.js";
import { createNodeHost } from "../../../host/node-host.js";
import type { Profile } from "../../../profiles/profile.js";
import { formatDiagnostic } from "../../format/format-diagnostic.js";
import { createStyle } from "../../format/style.js";
import { EXIT_USAGE, type CliIO } from "../../io.js";
import { emitBodyPreview } from "./emit-body-preview.js";
import { loadPreviewTurn } from "./load-preview-turn.js";
import type { PreviewOptions } from "./preview-options.js";
import { readHarnessSession } from "./read-harness-session.js";

export function runBodySessionPreview(
  profile: Profile<"body">,
  path: string,
  options: PreviewOptions,
  io: CliIO,
): number {
  const read = readHarnessSession(createNodeHost({ cwd: io.cwd, env: io.env }), profile, path);
  if ("error" in read) {
    const plain = createStyle(false);
    for (const d of read.diagnostics) io.stderr(`${formatDiagnostic(d, plain, io.cwd).trimStart()}\n`);
    io.stderr(`promptc preview: ${read.error}\n`);
    return EXIT_USAGE;
  }
  const { sessionId, cwd } = read.facts;
  const withId = sessionId === undefined || options.sessionId !== undefined ? options : { ...options, sessionId };
  const turn = loadPreviewTurn(withId, io, cwd === undefined ? {} : { cwd });
  if ("error" in turn) {
    io.stderr(`promptc preview: ${turn.error}\n`);
    return EXIT_USAGE;
  }
  // runPreview sends only body-layout profiles here, so the turn is the harness's own.
  if ("ctx" in turn) {
    io.stderr(`promptc preview: --profile ${profile.id} does not lay out its own body\n`);
    return EXIT_USAGE;
  }
  const diagnostics = [...read.diagnostics, ...turn.diagnostics];
  const request = compileBody(turn.profile, turn.turn, turn.prose, diagnostics, read.session);
  return emitBodyPreview(request, turn, options, io);
}
