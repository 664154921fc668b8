// Frontmatter YAML as Gemini CLI, pi and Claude Code parse it (the `yaml` package with its defaults), plain blocks
// without the package: parseFoldedFrontmatter's answer is its parse. Pure; throws yaml's error on bad YAML.
import { parse } from "yaml";
import { parseFoldedFrontmatter } from "../model/parse-folded-frontmatter.js";

export function parseYamlFrontmatter(block: string): unknown {
  return parseFoldedFrontmatter(block) ?? parse(block);
}
