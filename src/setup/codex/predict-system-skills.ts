// Codex installs its system skills into `$CODEX_HOME/skills/.system` on first start. For a CODEX_HOME it has
// never started, the preview shows them as they will be (from the calibration), or says they will appear.
// IO through the Host only.
import type { Host } from "../../host/host.js";
import { createOverlayHost } from "../../host/overlay-host.js";
import { diagnostic, type Diagnostic } from "../../model/diagnostic.js";
import type { CodexModelSetup } from "./load-codex-model-setup.js";

export function predictSystemSkills(
  host: Host,
  codexHome: string,
  setup: CodexModelSetup,
): { host: Host; diagnostics: Diagnostic[] } {
  const root = `${codexHome.replace(/\/+$/, "")}/skills/.system`;
  const st = host.stat(root);
  if (st.ok) return { host, diagnostics: [] };
  const files = setup.calibration?.calibration.systemSkills ?? [];
  const skills = files.filter((f) => f.path.endsWith("/SKILL.md")).length;
  if (files.length === 0 || setup.calibration === undefined) {
    // Said only where a Codex is installed to start there; without one nothing will appear.
    if (setup.installed === undefined) return { host, diagnostics: [] };
    return {
      host,
      diagnostics: [
        diagnostic(
          "codex/system-skills-pending",
          "info",
          `${root} does not exist yet: Codex installs its system skills there on first start, so its skills section will list them too (\`promptc calibrate --agent codex\` lets preview predict them)`,
          { file: root },
        ),
      ],
    };
  }
  return {
    host: createOverlayHost(host, root, files),
    diagnostics: [
      diagnostic(
        "codex/system-skills-predicted",
        "info",
        `${root} does not exist yet: Codex installs ${skills} system skills there on first start; previewed as installed (from the calibration of Codex ${setup.calibration.calibration.codexVersion})`,
        { file: root, data: { skills } },
      ),
    ],
  };
}
