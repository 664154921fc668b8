// Gathers a CopilotTurn: the Copilot home (`$COPILOT_HOME`, else ~/.copilot), the custom instructions and skills
// (discover-copilot-instructions.ts, discover-copilot-skills.ts), the model (`--model`, else `$COPILOT_MODEL`), the
// BYOK provider settings (`$COPILOT_PROVIDER_*`) and the facts probed at the edge (git root, commands on PATH, the
// time). IO through the Host only.
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import type { CopilotProvider, CopilotTurn } from "../../profiles/copilot/copilot-turn.js";
import { joinPath, normalizePath } from "../paths.js";
import { type CopilotInstructions, discoverCopilotInstructions } from "./discover-copilot-instructions.js";
import { type CopilotSkillsResult, discoverCopilotSkills } from "./discover-copilot-skills.js";

/** The model promptc assumes when neither `--model` nor `$COPILOT_MODEL` names one (BYOK mode needs one). */
export const COPILOT_DEFAULT_MODEL = "gpt-5.5";

export interface LoadCopilotTurnOptions {
  cwd: string;
  home: string;
  gitRoot?: string;
  /** Node's platform name. */
  platform: string;
  /** Which of COPILOT_PROBED_TOOLS are executable on PATH. */
  availableTools: string[];
  datetime: string;
  message: string;
  model?: string;
  sessionId: string;
}

export interface LoadedCopilotTurn {
  turn: CopilotTurn;
  instructions: CopilotInstructions;
  skills: CopilotSkillsResult;
  diagnostics: Diagnostic[];
}

/** `$COPILOT_HOME` (absolute) or `<home>/.copilot`. */
export function copilotHomeOf(host: Host, home: string): string {
  const v = host.env("COPILOT_HOME");
  return v !== undefined && v.startsWith("/") ? normalizePath(v) : joinPath(home, ".copilot");
}

/** The body the BYOK settings select, as Copilot CLI chooses it; without a provider URL promptc shows Responses. */
export function copilotProviderOf(host: Host, diagnostics: Diagnostic[]): CopilotProvider {
  const baseUrl = host.env("COPILOT_PROVIDER_BASE_URL") ?? "";
  const type = (host.env("COPILOT_PROVIDER_TYPE") ?? "openai").trim().toLowerCase();
  const wire = (host.env("COPILOT_PROVIDER_WIRE_API") ?? "").trim().toLowerCase();
  if (baseUrl === "") {
    diagnostics.push(
      diagnostic(
        "copilot/no-provider",
        "info",
        "COPILOT_PROVIDER_BASE_URL is not set: promptc shows the body of Copilot CLI's BYOK mode on the Responses API (set COPILOT_PROVIDER_* as you run it)",
      ),
    );
    return { wireApi: "responses", baseUrl };
  }
  if (type === "anthropic") return { wireApi: "anthropic-messages", baseUrl };
  return { wireApi: wire === "responses" ? "responses" : "chat-completions", baseUrl };
}

export function loadCopilotTurn(host: Host, options: LoadCopilotTurnOptions): LoadedCopilotTurn {
  const diagnostics: Diagnostic[] = [];
  const cwd = normalizePath(options.cwd);
  const copilotHome = copilotHomeOf(host, options.home);
  const rootOpt = options.gitRoot !== undefined ? { gitRoot: options.gitRoot } : {};
  const instructions = discoverCopilotInstructions(host, { cwd, copilotHome, ...rootOpt });
  const skills = discoverCopilotSkills(host, { cwd, home: options.home, copilotHome, ...rootOpt });
  diagnostics.push(...skills.diagnostics);
  for (const f of instructions.files)
    for (const i of f.imports)
      if (i.outcome !== "imported" && i.outcome !== "already-loaded")
        diagnostics.push(
          diagnostic(
            "copilot/import-not-loaded",
            "warning",
            `@${i.spec} in ${f.path} is not expanded: ${i.outcome === "outside" ? "outside the repository" : i.outcome === "missing" ? "no such file" : "not a file"}`,
            { file: f.path },
          ),
        );
  if (host.env("COPILOT_CUSTOM_INSTRUCTIONS_DIRS"))
    diagnostics.push(
      diagnostic(
        "copilot/custom-instructions-dirs",
        "warning",
        "COPILOT_CUSTOM_INSTRUCTIONS_DIRS is set: Copilot CLI also reads instructions from those folders, which promptc does not show",
      ),
    );
  let model = options.model ?? host.env("COPILOT_MODEL");
  if (model === undefined || model === "") {
    model = COPILOT_DEFAULT_MODEL;
    diagnostics.push(
      diagnostic(
        "copilot/no-model",
        "info",
        `no --model and no COPILOT_MODEL: promptc assumes ${COPILOT_DEFAULT_MODEL} (Copilot CLI's BYOK mode needs one)`,
      ),
    );
  }
  const turn: CopilotTurn = {
    cwd,
    os: options.platform,
    availableTools: options.availableTools,
    model,
    datetime: options.datetime,
    message: options.message,
    sessionId: options.sessionId,
    copilotHome,
    customInstructions: instructions.files.map((f) => ({ path: f.path, text: f.text })),
    inlinedInstructions: instructions.inlined,
    instructionRules: instructions.rules.map((r) => ({
      displayPath: r.displayPath,
      applyTo: r.applyTo,
      description: r.description,
    })),
    skills: skills.skills.map((s) => ({
      name: s.name,
      description: s.description,
      location: s.location,
      path: s.path,
    })),
    provider: copilotProviderOf(host, diagnostics),
  };
  if (options.gitRoot !== undefined) turn.gitRoot = normalizePath(options.gitRoot);
  return { turn, instructions, skills, diagnostics };
}
