// sec/secret: API keys, tokens and private keys pasted into instructions. Pure.
import { defineRule } from "../define-rule.js";
import { SKILLSAW, CLAUDE_CODE_LINT } from "../sources.js";

const PATTERNS: [string, RegExp][] = [
  ["OpenAI API key", /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}\b/g],
  ["Anthropic API key", /\bsk-ant-[A-Za-z0-9_-]{32,}\b/g],
  ["GitHub token", /\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{60,}\b/g],
  ["AWS access key id", /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g],
  ["Slack token", /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g],
  ["Google API key", /\bAIza[0-9A-Za-z_-]{35}\b/g],
  ["Stripe secret key", /\b(?:sk|rk)_live_[0-9A-Za-z]{24,}\b/g],
  ["private key", /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY(?: BLOCK)?-----/g],
  ["JSON Web Token", /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g],
];
/** Cheap pre-check so most lines skip the nine patterns. */
const CANDIDATE = /sk-|gh[pousr]_|github_pat_|AKIA|ASIA|xox[abprs]-|AIza|_live_|PRIVATE KEY|eyJ/;
/** CANDIDATE's alternatives as plain text: a file holding none has no candidate line (and needs no regex). */
const CANDIDATE_PARTS = [
  "sk-",
  "ghp_",
  "gho_",
  "ghu_",
  "ghs_",
  "ghr_",
  "github_pat_",
  "AKIA",
  "ASIA",
  "xox",
  "AIza",
  "_live_",
  "PRIVATE KEY",
  "eyJ",
];
/** Obvious stand-ins: runs of x, 0, *, or words like "your", "example". */
const FAKE = /(x{6,}|X{6,}|0{8,}|\*{4,}|your|example|placeholder|dummy|fake|redacted|\.{3})/i;

function mask(s: string): string {
  return s.length <= 12 ? `${s.slice(0, 4)}…` : `${s.slice(0, 8)}…${s.slice(-4)}`;
}

export const secSecret = defineRule({
  id: "sec/secret",
  meta: {
    description: "instructions and skills contain no API keys, tokens or private keys",
    rationale:
      "Context files are committed, shared and sent to a model provider on every request. A key in them is leaked many times over; rotate it and use an environment variable.",
    defaultSeverity: "error",
    basis: "community",
    sources: [SKILLSAW, CLAUDE_CODE_LINT],
    messages: { secret: "looks like a {{kind}} ({{masked}}); remove it and rotate the secret" },
  },
  check({ file, report }) {
    if (file.status.binary || !CANDIDATE_PARTS.some((p) => file.text.includes(p))) return;
    file.index.lines.forEach((line, i) => {
      if (!CANDIDATE.test(line)) return;
      for (const [kind, re] of PATTERNS) {
        for (const m of line.matchAll(re)) {
          if (FAKE.test(m[0])) continue;
          report({
            messageId: "secret",
            data: { kind, masked: mask(m[0]) },
            place: { line: i + 1, column: m.index + 1, endLine: i + 1, endColumn: m.index + 1 + m[0].length },
          });
        }
      }
    });
  },
});
