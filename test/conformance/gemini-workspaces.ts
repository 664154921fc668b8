// Fixture workspaces for Gemini CLI's data-derived parts: the GEMINI.md chain (git root to cwd, above-root file
// ignored, inline imports inside and outside the project, missing, in code), the global file, skills, the
// directory tree (ignored folders, .gitignore, more than 200 entries), context.fileName, a folder outside git.
import type { HarnessWorkspace } from "./harness-workspaces.js";

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nbody\n`;
const many: { [path: string]: string } = {};
for (let i = 0; i < 230; i++) many[`big/many/file-${String(i).padStart(3, "0")}.txt`] = "x\n";

export const GEMINI_WORKSPACES: HarnessWorkspace[] = [
  {
    name: "gemini-nested",
    files: {
      "GEMINI.md": "above the git root\n",
      "outside.md": "outside the project\n",
      "repo/GEMINI.md":
        "# Root\nSee @docs/style.md for style.\n@./docs/style2.md\nMissing @nope.md and `@code.md` and @../outside.md\n\n",
      "repo/docs/style.md": "Style: tabs.\n",
      "repo/docs/style2.md": "two @style.md\n",
      "repo/.gitignore": "ignored.txt\nbuild/\n",
      "repo/src/GEMINI.md": "src gemini\n",
      "repo/src/sub/GEMINI.md": "  sub gemini  \n\n",
      "repo/src/sub/ignored.txt": "hidden by .gitignore (from the cwd down only)\n",
      "repo/src/sub/.gitignore": "local-ignored.txt\n",
      "repo/src/sub/local-ignored.txt": "x\n",
      "repo/src/sub/b.txt": "b\n",
      "repo/src/sub/A.txt": "a\n",
      "repo/src/sub/node_modules/x/index.js": "\n",
      "repo/src/sub/build/out.txt": "\n",
      "repo/src/sub/deeper/GEMINI.md": "below the cwd\n",
      "repo/src/sub/.gemini/skills/gsk/SKILL.md": skill("gsk", "cwd <gemini> skill & more"),
      "repo/src/sub/.agents/skills/ask/SKILL.md": skill("ask", "cwd agents skill"),
      "repo/.gemini/skills/root-sk/SKILL.md": skill("root-sk", "not read from below"),
    },
    home: {
      ".gemini/GEMINI.md": "global gemini\n",
      ".gemini/skills/user-sk/SKILL.md": skill("user-sk", "user <skill>"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo/src/sub",
  },
  {
    name: "gemini-edge",
    files: {
      "repo/GEMINI.md": "\uFEFF@a.md\r\n",
      "repo/a.md": "A then @b.md\n",
      "repo/b.md": "B then @a.md\n",
      "repo/Zeta/x.txt": "",
      "repo/alpha.txt": "",
      "repo/Beta.txt": "",
      "repo/.gemini/skills/multi/SKILL.md": "---\nname: multi\ndescription: first line\n  second line\n---\n",
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo",
  },
  {
    name: "gemini-big-tree",
    files: { ...many, "big/GEMINI.md": "big\n", "big/.geminiignore": "secret.txt\n", "big/secret.txt": "s\n" },
    home: {
      ".gemini/settings.json": JSON.stringify({
        security: { auth: { selectedType: "gemini-api-key" } },
        context: { fileName: ["AGENTS.md", "GEMINI.md"] },
      }),
    },
    cwd: "big",
  },
  // Found by the acceptance runs: a SKILL.md opening with a BOM is skipped; the cwd's settings are ignored
  // under --skip-trust (context.fileName there changes nothing).
  {
    name: "gemini-bom-untrusted",
    files: {
      "repo/GEMINI.md": "root\n",
      "repo/x/.gemini/settings.json": JSON.stringify({ context: { fileName: "CONTEXT.md" } }),
      "repo/x/CONTEXT.md": "not read: the folder is not trusted\n",
      "repo/x/.gemini/skills/bom/SKILL.md": "\uFEFF---\nname: bom\ndescription: skipped\n---\n",
      "repo/x/.gemini/skills/plain/SKILL.md": skill("plain", "listed"),
    },
    git: { branch: "main", commits: ["c1"] },
    cwd: "repo/x",
  },
];
