// Writes the "large" benchmark workspace: root→cwd depth 12 with an AGENTS.md at each level,
// 300 skills (150 in .codex/skills, 150 in .agents/skills), and a CODEX_HOME. Prints the cwd and CODEX_HOME.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function makeLargeWorkspace(root) {
  const codexHome = join(root, "codex-home");
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(join(codexHome, "AGENTS.md"), "Prefer small, reviewed changes.\n");
  writeFileSync(join(codexHome, "config.toml"), 'model = "gpt-5.1-codex"\n');
  const repo = join(root, "repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  let dir = repo;
  for (let depth = 0; depth < 12; depth++) {
    if (depth > 0) dir = join(dir, `level${depth}`);
    mkdirSync(dir, { recursive: true });
    const para = `## Level ${depth}\n\nRun \`npm test\` in this package before committing. Keep modules small.\n`;
    writeFileSync(join(dir, "AGENTS.md"), `# Package at depth ${depth}\n\n` + para.repeat(20));
  }
  for (let i = 0; i < 300; i++) {
    const base = i % 2 === 0 ? join(repo, ".codex", "skills") : join(repo, ".agents", "skills");
    const name = `skill-${String(i).padStart(3, "0")}`;
    mkdirSync(join(base, name), { recursive: true });
    writeFileSync(
      join(base, name, "SKILL.md"),
      `---\nname: ${name}\ndescription: Use when the task touches area ${i}; explains the conventions of that area.\n---\n\n# ${name}\n\nSteps for area ${i}.\n`,
    );
  }
  return { cwd: dir, codexHome };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2];
  if (!root) {
    console.error("usage: node bench/make-large-workspace.mjs DIR");
    process.exit(2);
  }
  console.log(JSON.stringify(makeLargeWorkspace(root)));
}
