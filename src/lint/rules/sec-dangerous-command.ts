// sec/dangerous-command: pipe-to-shell installs, recursive deletes of / or ~, world-writable chmod. Pure.
import { defineRule } from "../define-rule.js";
import { CLAUDE_CODE_LINT } from "../sources.js";

const DANGEROUS: [string, RegExp][] = [
  // A download needs something to download: a bare `curl | sh` names the idiom in prose, it is not a command.
  ["pipes a download into a shell", /\b(?:curl|wget)\s+[^\n|]*[^\s|][^\n|]*\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b/g],
  [
    "deletes the root or home directory",
    /\brm\s+-(?:rf|fr|r\s+-f|f\s+-r)\s+(?:--no-preserve-root\s+)?(?:\/|~|\$HOME)(?:\s|\/?\*|$)/g,
  ],
  ["makes files world-writable", /\bchmod\s+(?:-R\s+)?0?777\b/g],
  ["force-pushes", /\bgit\s+push\s+(?:[^\n]*\s)?(?:--force(?!-with-lease)|-f)\b/g],
  ["writes to a raw disk", /\b(?:dd\s+[^\n]*of=\/dev\/(?:sd|nvme|disk)|mkfs\.\w+\s+\/dev\/)/g],
];

/** Cheap pre-check so most lines skip the patterns. */
const CANDIDATE = /curl|wget|rm\s|chmod|git\s+push|\bdd\s|mkfs/;

export const secDangerousCommand = defineRule({
  id: "sec/dangerous-command",
  meta: {
    description: "instructions do not tell an agent to run destructive or pipe-to-shell commands",
    rationale:
      "Agents run what their instructions show. `curl … | sh`, `rm -rf /`, `chmod 777` and force-pushes are destructive or unreviewable when an agent runs them unattended.",
    defaultSeverity: "off",
    strict: "warn",
    measured:
      "on the precision suite its findings were vendors' install one-liners (`curl … | sh`) and bot-branch force pushes, judged debatable. On in the `strict` preset.",
    appliesTo: ["context", "skill", "cursor-rule"],
    basis: "community",
    sources: [CLAUDE_CODE_LINT],
    messages: { dangerous: "'{{command}}' {{why}}" },
  },
  check({ file, report }) {
    file.index.lines.forEach((line, i) => {
      if (!CANDIDATE.test(line) || /\b(?:never|don't|do not|avoid|must not)\b/i.test(line)) return;
      for (const [why, re] of DANGEROUS) {
        for (const m of line.matchAll(re)) {
          report({
            messageId: "dangerous",
            data: { command: m[0].trim(), why },
            place: { line: i + 1, column: m.index + 1, endLine: i + 1, endColumn: m.index + 1 + m[0].length },
          });
        }
      }
    });
  },
});
