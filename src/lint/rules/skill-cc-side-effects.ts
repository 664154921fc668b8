// skill/cc-side-effects: a skill that deploys, publishes or deletes should run only when a person asks. Pure.
import { defineRule } from "../define-rule.js";
import { addressesWorkspace } from "../loading-harnesses.js";
import { fmKey, fmString, fmValuePlace } from "../rule-utils.js";
import { AGNIX_RULES, CLAUDE_CODE_LINT, CLAUDE_SKILLS } from "../sources.js";

/** Words that mark a side effect in the description's first sentence (what the skill does). */
// Not "migrate": skills that migrate code (an API upgrade, lint options) change files an agent edits anyway.
const DEFAULT_WORDS = [
  "deploy",
  "deploys",
  "publish",
  "publishes",
  "delete",
  "deletes",
  "drop",
  "drops",
  "destroy",
  "destroys",
  "rollback",
  "force-push",
  "wipe",
  "wipes",
  "purge",
  "purges",
];
/** Later name parts that make the action a read-only one (`final-release-review`, `release-notes`, `deploy-check`). */
const READ_ONLY_PARTS = new Set([
  "review",
  "reviewer",
  "notes",
  "note",
  "prep",
  "check",
  "checks",
  "plan",
  "planning",
  "draft",
  "status",
  "summary",
  "analysis",
  "guide",
  "docs",
  "list",
  "content",
  "verify",
  "changelog",
  "preview",
  "dry",
  "audit",
  "triage",
]);
/** In a name, `release` is the action itself (`release`, `cut-release`); in prose it is mostly a noun ("release notes"). */
const NAME_ONLY_WORDS = ["release"];

/** The description's first sentence: later ones are often "Do not use for deploying…", which negates. */
function firstSentence(text: string): string {
  const m = /^[\s\S]*?[.!?](?:\s|$)/.exec(text.trim());
  return (m ? m[0] : text).toLowerCase();
}

export const skillCcSideEffects = defineRule({
  id: "skill/cc-side-effects",
  meta: {
    description:
      "skills whose name or description says they deploy, publish, release, delete or drop set `disable-model-invocation: true`",
    rationale:
      "Claude Code loads a skill on its own when the description matches the task. A skill with irreversible side effects should run only when a person types its slash command: `disable-model-invocation: true` keeps the model from invoking it. The rule looks at the name's words and the description's first sentence (what the skill does; later sentences often say what it is not for). The suggested fix adds that line.",
    defaultSeverity: "warn",
    appliesTo: ["skill"],
    targets: ["claude-code"],
    basis: "vendor",
    sources: [CLAUDE_SKILLS, AGNIX_RULES, CLAUDE_CODE_LINT],
    fixable: "suggest",
    messages: {
      sideEffects:
        "'{{word}}' suggests side effects; set `disable-model-invocation: true` so only a person can invoke this skill",
    },
    optionsSchema: {
      type: "object",
      additionalProperties: false,
      properties: { words: { type: "array", items: { type: "string" } } },
    },
    defaultOptions: { words: DEFAULT_WORDS },
  },
  check({ file, project, options, report }) {
    // A skill shipped for other projects ("Deploy tRPC on edge runtimes") teaches a task; whether the model may
    // start it on its own is for the project that installs it.
    if (!addressesWorkspace(file, project.facts)) return;
    const data = file.frontmatter.data;
    if (!data || data["disable-model-invocation"] === true) return;
    const words = new Set(options.words.map((w) => w.toLowerCase()));
    const name = fmString(file, "name") ?? "";
    // The action is what the skill is named after or what its description starts by doing.
    const parts = name.toLowerCase().split("-");
    // Verb-first names (`publish-cli`, `deploy-app`, `release`); a later `release` is mostly a noun (`chrome-release-cls`).
    const fromName = parts.some((p) => READ_ONLY_PARTS.has(p))
      ? undefined
      : parts.find((w, i) => words.has(w) || (NAME_ONLY_WORDS.includes(w) && (i === 0 || parts[i - 1] === "cut")));
    const verb = firstSentence(fmString(file, "description") ?? "").match(/[a-z-]+/g)?.[0];
    const fromDescription = verb !== undefined && words.has(verb) ? verb : undefined;
    const word = fromName ?? fromDescription;
    if (word === undefined) return;
    const key = fmKey(file, fromName !== undefined ? "name" : "description");
    const place = fmValuePlace(file, fromName !== undefined ? "name" : "description");
    const existing = fmKey(file, "disable-model-invocation");
    const fix = existing
      ? { start: existing.valueStart, end: existing.valueEnd, text: "true" }
      : key
        ? { start: key.start, end: key.start, text: "disable-model-invocation: true\n" }
        : undefined;
    report({ messageId: "sideEffects", data: { word }, place, ...(fix ? { fix } : {}) });
  },
});
