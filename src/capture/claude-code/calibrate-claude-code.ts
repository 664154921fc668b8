// Extracts Claude Code's fixed prose from one captured `/v1/messages` body into ClaudeCodeProse, cutting at the
// layout's data markers (paths, labels, names), so promptc's preview becomes byte-exact for that agent version.
// The result belongs in the user's cache, never in the project. Pure.
import type { Diagnostic } from "../../model/diagnostic.js";
import { diagnostic } from "../../model/diagnostic.js";
import {
  CLAUDE_CODE_AGENT_TYPES,
  CLAUDE_CODE_BUILTIN_SKILLS,
  CLAUDE_CODE_DEFAULTS,
  CLAUDE_CODE_DEFERRED_TOOLS,
  CLAUDE_GIT_STATUS_MAX_CHARS,
} from "../../profiles/claude-code/claude-code-facts.js";
import type { ClaudeCodeProse } from "../../profiles/claude-code/claude-code-prose.js";

type Block = { text?: string };
type Message = { role?: string; content?: unknown };

class Cut extends Error {}

function need(cond: boolean, what: string): asserts cond {
  if (!cond) throw new Cut(what);
}

function after(text: string, marker: string, from = 0): number {
  const i = text.indexOf(marker, from);
  need(i >= 0, `marker ${JSON.stringify(marker.slice(0, 40))} not found`);
  return i;
}

/** Cuts `- name: description` entries for known names in order, from `start`; returns where the list ends. */
function cutNamedList(
  text: string,
  start: number,
  names: readonly string[],
  end: string,
): { entries: { [name: string]: string }; end: number } {
  const entries: { [name: string]: string } = {};
  let pos = start;
  names.forEach((name, i) => {
    const head = `- ${name}: `;
    need(text.startsWith(head, pos), `list entry ${name} not where expected`);
    const next = names[i + 1];
    const stop = next !== undefined ? after(text, `\n- ${next}: `, pos) : after(text, end, pos);
    entries[name] = text.slice(pos + head.length, stop);
    pos = stop + 1;
  });
  return { entries, end: pos - 1 };
}

export interface CalibratedClaudeCode {
  prose?: ClaudeCodeProse;
  diagnostics: Diagnostic[];
}

/**
 * The body must come from a run with at least one CLAUDE.md, inside git, with a status longer than 2,000
 * characters (so the truncation note shows) — the calibration workspace `promptc calibrate --agent claude-code`
 * builds has all three.
 */
export function calibrateClaudeCode(body: { [key: string]: unknown }): CalibratedClaudeCode {
  try {
    const system = body.system as Block[];
    const messages = body.messages as Message[];
    need(
      Array.isArray(system) && system.length === 3 && Array.isArray(messages),
      "not a Claude Code messages body with 3 system blocks",
    );
    const sys2 = system[2]?.text ?? "";
    const memory = /\/[^\s`]*\/\.claude\/projects\/[^\s`/]+\/memory\//.exec(sys2);
    need(memory !== null, "memory folder not found in system[2]");
    const first = (messages[0]?.content ?? []) as Block[];
    const texts = first.map((b) => b.text ?? "");
    const md = texts.find((t) => t.includes("\n\nContents of "));
    const git = texts.find((t) => t.includes("\n# gitStatus\n"));
    need(md !== undefined, "no CLAUDE.md reminder (calibrate from a run with a CLAUDE.md)");
    need(git !== undefined, "no git reminder (calibrate from a run inside git)");
    const attribution = texts[texts.length - 2] ?? "";
    need(
      attribution.startsWith("<system-reminder>\n") && attribution.endsWith("\n</system-reminder>\n"),
      "attribution reminder not before the user message",
    );
    const display = CLAUDE_CODE_DEFAULTS.modelDisplayName;
    const model = String(body.model);

    const gitSnap = after(git, "\n# gitStatus\n");
    const branchAt = after(git, "\n\nCurrent branch: ", gitSnap);
    const statusAt = after(git, "\n\nStatus:\n", branchAt) + "\n\nStatus:\n".length;
    const commitsAt = after(git, "\n\nRecent commits:\n", statusAt);
    const statusText = git.slice(statusAt, commitsAt);
    need(
      statusText.length > CLAUDE_GIT_STATUS_MAX_CHARS + 1,
      "git status was not truncated (calibrate from a run with a long status)",
    );
    const closeEnd = git.length - "\n</system-reminder>".length;
    const closeStart = git.lastIndexOf("\n\n", closeEnd - 1);

    const env = ((messages[1]?.content ?? []) as Block[])[0]?.text ?? "";
    const envIntroEnd = after(env, "\n - Primary working directory: ");
    const osAt = after(env, "\n - OS Version: ");
    const bulletsStart = after(env, "\n", osAt + 1) + 1;
    const bulletsEnd = after(env, "\n\n", bulletsStart);
    const modelEnd = after(env, "\n\n", bulletsEnd + 2);
    const deferredAt = after(env, `\n${CLAUDE_CODE_DEFERRED_TOOLS.join("\n")}\n\n`, modelEnd + 2);
    const agentsStart = deferredAt + CLAUDE_CODE_DEFERRED_TOOLS.join("\n").length + 3;
    const agentsIntroEnd = after(env, `\n- ${CLAUDE_CODE_AGENT_TYPES[0]}: `, agentsStart);
    const agents = cutNamedList(env, agentsIntroEnd + 1, CLAUDE_CODE_AGENT_TYPES, "\n\n");
    const outroEnd = after(env, "\n\n", agents.end + 2);
    const skillsIntroEnd = after(env, "\n\n", outroEnd + 2);
    const builtinStart = after(env, `\n- ${CLAUDE_CODE_BUILTIN_SKILLS[0]}: `, skillsIntroEnd) + 1;
    const skills = cutNamedList(env, builtinStart, CLAUDE_CODE_BUILTIN_SKILLS, "\n\nToday's date is ");

    const tools: ClaudeCodeProse["tools"] = {};
    for (const t of (body.tools ?? []) as { name?: string; description?: string; input_schema?: unknown }[]) {
      if (typeof t.name === "string")
        tools[t.name] = { description: t.description ?? "", input_schema: t.input_schema };
    }
    const prose: ClaudeCodeProse = {
      origin: "user-supplied",
      identity: system[1]?.text ?? "",
      system: sys2.split(memory[0]).join("{{memoryDir}}"),
      claudeMdPreamble: md.slice("<system-reminder>\n".length, after(md, "\n\nContents of ")),
      gitIntro: git.slice("<system-reminder>\n".length, gitSnap),
      gitSnapshotNote: git.slice(gitSnap + "\n# gitStatus\n".length, branchAt),
      gitClosing: git.slice(closeStart + 2, closeEnd),
      gitStatusTruncated: statusText.slice(CLAUDE_GIT_STATUS_MAX_CHARS + 1),
      attribution: attribution
        .slice("<system-reminder>\n".length, -"\n</system-reminder>\n".length)
        .split(display)
        .join("{{modelDisplayName}}"),
      environmentIntro: env.slice("# Environment\n".length, envIntroEnd),
      environmentBullets: env.slice(bulletsStart, bulletsEnd),
      modelLine: env
        .slice(bulletsEnd + 2, modelEnd)
        .split(model)
        .join("{{model}}")
        .split(display)
        .join("{{modelDisplayName}}"),
      deferredToolsIntro: env.slice(modelEnd + 2, deferredAt),
      agentTypesIntro: env.slice(agentsStart, agentsIntroEnd),
      agentTypes: agents.entries,
      agentTypesOutro: env.slice(agents.end + 2, outroEnd),
      skillsIntro: env.slice(outroEnd + 2, skillsIntroEnd),
      builtinSkills: skills.entries,
      tools,
    };
    return { prose, diagnostics: [] };
  } catch (err) {
    if (!(err instanceof Cut)) throw err;
    return {
      diagnostics: [
        diagnostic(
          "calibrate/layout-differs",
          "error",
          `the capture does not have Claude Code's expected layout: ${err.message}`,
        ),
      ],
    };
  }
}
