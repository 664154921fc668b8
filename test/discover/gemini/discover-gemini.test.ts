import { describe, expect, it } from "vitest";
import { concatenateGeminiContext, discoverGeminiMemory } from "../../../src/discover/gemini/discover-gemini-memory.js";
import { discoverGeminiSkills } from "../../../src/discover/gemini/discover-gemini-skills.js";
import { renderGeminiFolderStructure } from "../../../src/discover/gemini/gemini-folder-structure.js";
import { geminiProjectId, geminiSlug } from "../../../src/discover/gemini/load-gemini-turn.js";
import { seededRandom } from "../../seeded-random.js";
import { createMemoryHost } from "../../../src/host/memory-host.js";
import { geminiLongDate } from "../../../src/profiles/gemini-cli/gemini-facts.js";

describe("discoverGeminiMemory", () => {
  it("reads the git root down to the cwd, expands imports in place untrimmed, and says what failed", () => {
    const host = createMemoryHost({
      files: {
        "/h/.gemini/GEMINI.md": "global\n",
        "/w/GEMINI.md": "above\n",
        "/w/outside.md": "x\n",
        "/w/repo/.git/HEAD": "ref\n",
        "/w/repo/GEMINI.md": "See @docs/a.md here.\n`@code.md` @nope.md @../outside.md\n",
        "/w/repo/docs/a.md": "A\n",
        "/w/repo/src/GEMINI.md": "  src  \n",
      },
    });
    const m = discoverGeminiMemory(host, {
      cwd: "/w/repo/src",
      home: "/h",
      fileNames: ["GEMINI.md"],
      gitRoot: "/w/repo",
    });
    expect(m.aboveRoot).toEqual(["/w/GEMINI.md"]);
    expect(concatenateGeminiContext(m.project)).toBe(
      "--- Context from: /w/repo/GEMINI.md ---\nSee <!-- Imported from: docs/a.md -->\nA\n\n<!-- End of import from: docs/a.md --> here.\n`@code.md` <!-- Import failed: nope.md - ENOENT: no such file or directory, access '/w/repo/nope.md' --> <!-- Import failed: ../outside.md - Path traversal attempt -->\n--- End of Context from: /w/repo/GEMINI.md ---\n\n--- Context from: /w/repo/src/GEMINI.md ---\nsrc\n--- End of Context from: /w/repo/src/GEMINI.md ---",
    );
    expect(concatenateGeminiContext(m.global)).toBe(
      "--- Context from: /h/.gemini/GEMINI.md ---\nglobal\n--- End of Context from: /h/.gemini/GEMINI.md ---",
    );
  });
});

describe("renderGeminiFolderStructure", () => {
  it("lists files then folders, marks ignored folders, applies .gitignore", () => {
    const host = createMemoryHost({
      files: {
        "/r/.git/HEAD": "x",
        "/r/b.txt": "",
        "/r/a.txt": "",
        "/r/.gitignore": "skip.txt\n",
        "/r/skip.txt": "",
        "/r/src/x.ts": "",
        "/r/node_modules/m/i.js": "",
      },
    });
    const t = renderGeminiFolderStructure(host, "/r", { inGit: true });
    expect(t.lines).toBe(
      "/r/\n├───.gitignore\n├───a.txt\n├───b.txt\n├───.git/...\n├───node_modules/...\n└───src/\n    └───x.ts",
    );
    expect(t.truncated).toBe(true);
  });

  it("stops at 200 entries and marks the folder with more", () => {
    const files: { [p: string]: string } = {};
    for (let i = 0; i < 205; i++) files[`/r/f${String(i).padStart(3, "0")}`] = "";
    const t = renderGeminiFolderStructure(createMemoryHost({ files }), "/r", { inGit: false });
    const lines = t.lines.split("\n");
    expect(lines.length).toBe(1 + 200 + 1);
    expect(lines.at(-1)).toBe("└───...");
  });
});

describe("discoverGeminiSkills", () => {
  it("keeps built-in, user, then the cwd's skills, each folder in reverse name order; a later name replaces in place", () => {
    const sk = (n: string) => `---\nname: ${n}\ndescription: d ${n}\n---\n`;
    const host = createMemoryHost({
      files: {
        "/opt/g/bundle/builtin/creator/SKILL.md": sk("creator"),
        "/opt/g/bundle/builtin/alpha/SKILL.md": sk("alpha"),
        "/h/.gemini/skills/u/SKILL.md": sk("u"),
        "/w/.gemini/skills/a/SKILL.md": sk("a"),
        "/w/.gemini/skills/b/SKILL.md": sk("b"),
        "/w/.agents/skills/alpha/SKILL.md": sk("alpha"),
      },
    });
    expect(
      discoverGeminiSkills(host, { cwd: "/w", home: "/h", installDir: "/opt/g" }).map((s) => `${s.name}@${s.scope}`),
    ).toEqual(["creator@builtin", "alpha@workspace", "u@user", "b@workspace", "a@workspace"]);
  });

  it("lists the built-in skills calibration recorded in place of the install folder's", () => {
    const sk = (n: string) => `---\nname: ${n}\ndescription: d ${n}\n---\n`;
    const host = createMemoryHost({
      files: { "/opt/g/bundle/builtin/creator/SKILL.md": sk("creator"), "/h/.gemini/skills/u/SKILL.md": sk("u") },
    });
    const bundled = [
      { name: "recorded", description: "as listed", path: "/elsewhere/bundle/builtin/recorded/SKILL.md" },
    ];
    expect(discoverGeminiSkills(host, { cwd: "/w", home: "/h", installDir: "/opt/g", bundled })).toEqual([
      { ...bundled[0], scope: "builtin" },
      { name: "u", description: "d u", path: "/h/.gemini/skills/u/SKILL.md", scope: "user" },
    ]);
  });

  it("skips a SKILL.md that opens with a byte-order mark (measured: its frontmatter is not seen)", () => {
    const host = createMemoryHost({
      files: {
        "/w/.gemini/skills/bom/SKILL.md": "\uFEFF---\nname: bom\ndescription: d\n---\n",
        "/w/.gemini/skills/plain/SKILL.md": "---\nname: plain\ndescription: d\n---\n",
      },
    });
    expect(discoverGeminiSkills(host, { cwd: "/w", home: "/h" }).map((s) => s.name)).toEqual(["plain"]);
  });
});

describe("geminiProjectId", () => {
  it("reads the registry, else slugs the basename and counts past taken ids", () => {
    const host = createMemoryHost({
      files: { "/h/.gemini/projects.json": JSON.stringify({ projects: { "/a/sub": "sub", "/b/sub": "sub-1" } }) },
    });
    expect(geminiProjectId(host, "/h", "/a/sub", [])).toBe("sub");
    expect(geminiProjectId(host, "/h", "/c/sub", [])).toBe("sub-2");
    expect(geminiSlug("My Repo.v2")).toBe("my-repo-v2");
  });

  it("slugs as Gemini CLI's regular expressions do, on 20,000 generated names", () => {
    const viaRegExps = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^a-z0-9]/g, "-")
        .replace(/-+/g, "-")
        .replace(/^-|-$/g, "") || "project";
    const pieces = ["a", "Z", "0", "9", "-", "--", ".", " ", "_", "é", "İ", "ß", "💡", "\uD800", "\u212A", "Σ", "x"];
    const random = seededRandom(7);
    for (let i = 0; i < 20_000; i++) {
      let name = "";
      for (let n = Math.floor(random() * 7); n > 0; n--) name += pieces[Math.floor(random() * pieces.length)];
      expect({ name, slug: geminiSlug(name) }).toEqual({ name, slug: viaRegExps(name) });
    }
  });
});

describe("geminiLongDate", () => {
  it("formats as en-US long dates", () => {
    expect(geminiLongDate("2026-12-01")).toBe("Tuesday, December 1, 2026");
    expect(geminiLongDate("2000-02-29")).toBe("Tuesday, February 29, 2000");
    expect(geminiLongDate("2024-01-01")).toBe("Monday, January 1, 2024");
  });
});
