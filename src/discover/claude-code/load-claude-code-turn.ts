// Gathers a ClaudeCodeTurn from a directory: ~/.claude.json, the memory-file chain, the skills, the environment
// facts. IO through the Host only; git facts come in as data (host/probe-git.ts runs git).
import type { Host } from "../../host/host.js";
import type { Diagnostic } from "../../model/diagnostic.js";
import type { GitFacts } from "../../model/git-facts.js";
import type { ClaudeCodeTurn } from "../../profiles/claude-code/claude-code-turn.js";
import { basenameOf, normalizePath } from "../paths.js";
import { discoverClaudeMd, type ClaudeMdChain } from "./discover-claude-md.js";
import { discoverClaudeSkills, type ClaudeSkillsResult } from "./discover-claude-skills.js";
import { readClaudeJson } from "./read-claude-json.js";
import { discoverClaudeAgents } from "./discover-claude-agents.js";
import { claudeAttribution, claudeSettingsLayers, resolveClaudeCodeModel } from "./resolve-claude-model.js";

export interface LoadClaudeCodeTurnOptions {
  cwd: string;
  home: string;
  git: GitFacts | undefined;
  platform: string;
  osVersion: string;
  date: string;
  message: string;
  model?: string;
  sessionId: string;
}

export interface LoadedClaudeCodeTurn {
  turn: ClaudeCodeTurn;
  chain: ClaudeMdChain;
  skills: ClaudeSkillsResult;
  diagnostics: Diagnostic[];
}

/** Stands in for `userID` before Claude Code's first start has written one. */
export const PLACEHOLDER_DEVICE_ID = "0".repeat(64);

export function loadClaudeCodeTurn(host: Host, options: LoadClaudeCodeTurnOptions): LoadedClaudeCodeTurn {
  const cwd = normalizePath(options.cwd);
  const projectKey = options.git?.root ?? cwd;
  const json = readClaudeJson(host, options.home, projectKey);
  const chain = discoverClaudeMd(host, {
    cwd,
    home: options.home,
    externalIncludesApproved: json.value.externalIncludesApproved,
  });
  const skillOptions: { cwd: string; home: string; gitRoot?: string } = { cwd, home: options.home };
  if (options.git !== undefined) skillOptions.gitRoot = options.git.root;
  const skills = discoverClaudeSkills(host, skillOptions);
  const shell = host.env("SHELL");
  const modelOptions: Parameters<typeof resolveClaudeCodeModel>[1] = { cwd, home: options.home };
  if (options.model !== undefined) modelOptions.model = options.model;
  const model = resolveClaudeCodeModel(host, modelOptions);
  const turn: ClaudeCodeTurn = {
    cwd,
    home: options.home,
    platform: options.platform,
    osVersion: options.osVersion,
    date: options.date,
    message: options.message,
    model: model.model,
    memoryFiles: chain.entries.map((e) => {
      const f: ClaudeCodeTurn["memoryFiles"][number] = {
        path: e.path,
        kind: e.kind,
        content: e.content,
        bytesIn: e.bytesIn,
      };
      if (e.importedFrom !== undefined) f.importedFrom = e.importedFrom;
      return f;
    }),
    skills: skills.skills.map((s) => {
      const line: ClaudeCodeTurn["skills"][number] = { name: s.name, description: s.description, path: s.path };
      if (s.displayName !== undefined) line.displayName = s.displayName;
      return line;
    }),
    deviceId: json.value.deviceId ?? PLACEHOLDER_DEVICE_ID,
    sessionId: options.sessionId,
  };
  if (options.git !== undefined) turn.git = options.git;
  const attribution = claudeAttribution(claudeSettingsLayers(host, { cwd, home: options.home }));
  if (Object.keys(attribution).length > 0) turn.attribution = attribution;
  const agents = discoverClaudeAgents(host, skillOptions);
  if (agents.length > 0)
    turn.agents = agents.map((a) =>
      a.tools === undefined
        ? { name: a.name, description: a.description }
        : { name: a.name, description: a.description, tools: a.tools },
    );
  if (shell !== undefined && shell !== "") turn.loginShell = basenameOf(shell);
  const diagnostics = [...model.diagnostics, ...json.diagnostics, ...chain.diagnostics, ...skills.diagnostics];
  return { turn, chain, skills, diagnostics };
}
