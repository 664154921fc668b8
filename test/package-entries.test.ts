// The package's entry points load in plain Node, as a user's `import … from "promptc"` would (self-reference
// through package.json "exports", after `npm run build`).
import { spawnSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

describe("package entries", () => {
  it.each([
    ["promptc", "compile"],
    ["promptc", "createSession"],
    ["promptc/node", "loadTurnContext"],
    ["promptc/vitest", "serializeRequestSnapshot"],
  ])("%s exports %s when imported by Node", (entry, name) => {
    const script = `const m = await import(${JSON.stringify(entry)}); console.log(typeof m[${JSON.stringify(name)}]);`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(r.stdout.trim()).toBe("function");
  });

  it("ships an executable bin (npx runs dist/bin.cjs directly; dist/bin.js runs it too)", () => {
    expect(statSync(join(ROOT, "dist", "bin.cjs")).mode & 0o111).toBe(0o111);
    expect(statSync(join(ROOT, "dist", "bin.js")).mode & 0o111).toBe(0o111);
  });
});
