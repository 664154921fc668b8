// ctx/personal-paths: absolute home-directory paths (/Users/alice, /home/bob, C:\Users\carol) in shared instructions. Pure.
import { defineRule } from "../define-rule.js";
import { bodyLines } from "../rule-utils.js";
import { CLAUDE_CODE_LINT } from "../sources.js";

const HOME_PATH = /(?:\/Users\/|\/home\/|[A-Za-z]:\\Users\\)([A-Za-z0-9._-]+)/g;
/** Names used in examples rather than by real people. */
const GENERIC = new Set([
  "user",
  "username",
  "you",
  "your-name",
  "yourname",
  "me",
  "name",
  "runner",
  "ubuntu",
  "node",
  "root",
  "admin",
  "example",
  "foo",
  "bar",
  "shared",
  "linuxbrew",
  "vscode",
  "codespace",
  "coder",
  "dev",
  "developer",
  "jovyan",
  "app",
  "ec2-user",
  "john",
  "jane",
  "johndoe",
  "janedoe",
  "jdoe",
  "myuser",
  "myname",
  "someone",
]);

export const ctxPersonalPaths = defineRule({
  id: "ctx/personal-paths",
  meta: {
    description: "shared instructions contain no absolute home paths of a particular person",
    rationale:
      "A path like /Users/alice/… works on one machine only, leaks a user name, and changes the cached prompt prefix between users. Use repository-relative paths or `~`.",
    defaultSeverity: "warn",
    appliesTo: ["context", "skill", "cursor-rule", "template"],
    basis: "community",
    sources: [CLAUDE_CODE_LINT],
    messages: { personal: "absolute home path '{{path}}' is specific to one machine; use a relative path or ~" },
  },
  check({ file, report }) {
    // Each match holds one of these (spares compiling HOME_PATH for the many files without).
    if (!file.text.includes("/Users/") && !file.text.includes("/home/") && !file.text.includes(":\\Users\\")) return;
    // Fenced code too: that is where such paths usually are (`cd /Users/<name>/src/app`).
    for (const [line, text] of bodyLines(file)) {
      for (const match of text.matchAll(HOME_PATH)) {
        const who = (match[1] as string).toLowerCase();
        if (GENERIC.has(who) || who.startsWith("<") || who.startsWith("$")) continue;
        report({
          messageId: "personal",
          data: { path: match[0] },
          place: { line, column: match.index + 1, endLine: line, endColumn: match.index + 1 + match[0].length },
        });
      }
    }
  },
});
