import { describe, expect, it } from "vitest";
import { createMemoryHost } from "../../src/host/memory-host.js";
import type { MemoryEntry } from "../../src/host/memory-host.js";
import { discoverSkills, orderSkills, SKILL_SCOPE_RANK } from "../../src/discover/discover-skills.js";
import { compareByteOrder } from "../../src/host/byte-order.js";
import { seededRandom } from "../seeded-random.js";
import type { DiscoverSkillsOptions } from "../../src/discover/discover-skills.js";

const skill = (name: string, description = `about ${name}`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nbody of ${name}\n`;
const CH = "/home/u/.codex";

function run(files: Record<string, MemoryEntry>, opts: Partial<DiscoverSkillsOptions> = {}) {
  const host = createMemoryHost({ files: { "/repo/.git": "gitdir: x", [CH]: { dir: true }, ...files } });
  return discoverSkills(host, {
    cwd: "/repo",
    codexHome: CH,
    home: "/home/u",
    projectRootMarkers: [".git"],
    adminSkillsRoot: "/etc/codex/skills",
    ...opts,
  });
}
const names = (r: ReturnType<typeof run>) => r.value.skills.map((s) => `${s.name}@${s.scope}:r${s.rootIndex}`);

describe("discoverSkills", () => {
  it("46 loads a valid user skill with the whole file as contents", () => {
    const text = "---\nname: demo-skill\ndescription: >\n  does things\n  carefully\n---\nbody\n";
    expect(run({ [`${CH}/skills/demo/SKILL.md`]: text })).toEqual({
      value: {
        roots: [{ path: `${CH}/skills`, scope: "user" }],
        skills: [
          {
            name: "demo-skill",
            description: "does things carefully",
            path: `${CH}/skills/demo/SKILL.md`,
            scope: "user",
            contents: text,
            enabled: true,
            allowImplicitInvocation: true,
            rootIndex: 0,
          },
        ],
      },
      diagnostics: [],
    });
  });

  it("50 skips hidden folders and reports invalid skills", () => {
    const r = run({
      [`${CH}/skills/.hidden/SKILL.md`]: skill("hidden"),
      [`${CH}/skills/invalid/SKILL.md`]: "---\nname: bad",
    });
    expect([names(r), r.diagnostics]).toEqual([
      [],
      [
        {
          rule: "skills/invalid-skill",
          severity: "warning",
          message: "missing YAML frontmatter delimited by ---",
          file: `${CH}/skills/invalid/SKILL.md`,
        },
      ],
    ]);
  });

  it("51 loads a skill whose description is over 1,024 characters (0.171.0 lists it cut)", () => {
    const r = run({
      [`${CH}/skills/a/SKILL.md`]: skill("a", "💡".repeat(1025)),
      [`${CH}/skills/b/SKILL.md`]: skill("b"),
    });
    expect([names(r), r.value.skills[0]?.description.length, r.diagnostics]).toEqual([
      ["a@user:r0", "b@user:r0"],
      2 * 1025,
      [],
    ]);
  });

  it("52 respects the max scan depth", () => {
    const d5 = `${CH}/skills/d0/d1/d2/d3/d4/d5`;
    expect(names(run({ [`${d5}/SKILL.md`]: skill("deep-ok"), [`${d5}/d6/SKILL.md`]: skill("too-deep") }))).toEqual([
      "deep-ok@user:r0",
    ]);
  });

  it("53 dedupes by path, the first root winning", () => {
    // $HOME/.agents/skills is a symlink to the repo's .agents/skills: same canonical root.
    const r = run({
      "/repo/.agents/skills/s/SKILL.md": skill("shared"),
      "/home/u/.agents/skills": { symlink: "/repo/.agents/skills" },
    });
    expect(names(r)).toEqual(["shared@user:r0"]);
  });

  it("54 keeps duplicate names; scope order puts repo before user", () => {
    const r = run({
      "/repo/.codex/skills/repo/SKILL.md": skill("dupe-skill"),
      [`${CH}/skills/user/SKILL.md`]: skill("dupe-skill"),
    });
    expect(names(r)).toEqual(["dupe-skill@repo:r0", "dupe-skill@user:r1"]);
  });

  it("55 loads .codex/skills from every .codex folder from cwd up to the root, sorted by name", () => {
    const r = run(
      {
        "/repo/.codex/skills/root/SKILL.md": skill("root-skill"),
        "/repo/nested/.codex/skills/nested/SKILL.md": skill("nested-skill"),
        "/repo/nested/inner": { dir: true },
      },
      { cwd: "/repo/nested/inner" },
    );
    expect([names(r), r.value.roots.map((x) => x.path)]).toEqual([
      ["nested-skill@repo:r0", "root-skill@repo:r1"],
      ["/repo/nested/.codex/skills", "/repo/.codex/skills"],
    ]);
  });

  it("56 does not look above the project root, and without a marker only at cwd", () => {
    const files = {
      "/.codex/skills/above/SKILL.md": skill("above"),
      "/repo/.codex/skills/in/SKILL.md": skill("inside"),
    };
    expect(names(run(files))).toEqual(["inside@repo:r0"]);
    const noGit = createMemoryHost({
      files: { "/p/.codex/skills/parent/SKILL.md": skill("parent"), "/p/c/.codex/skills/own/SKILL.md": skill("own") },
    });
    const r = discoverSkills(noGit, {
      cwd: "/p/c",
      codexHome: CH,
      projectRootMarkers: [".git"],
      adminSkillsRoot: null,
    });
    expect(r.value.skills.map((s) => s.name)).toEqual(["own"]);
  });

  it("orders roots and the list as Codex 0.171.0 renders them (observed capture)", () => {
    const r = run(
      {
        "/repo/.git": { dir: true },
        "/repo/.git/HEAD": "ref: refs/heads/main\n",
        "/repo/pkg/.codex/skills/pkgc/SKILL.md": skill("pkgc"),
        "/repo/.codex/skills/repo-skill/SKILL.md": skill("repo-skill"),
        [`${CH}/skills/aaa/SKILL.md`]: skill("aaa-user"),
        "/home/u/.agents/skills/home/SKILL.md": skill("home-skill"),
        [`${CH}/skills/.system/imagegen/SKILL.md`]: skill("imagegen"),
        [`${CH}/skills/.system/quiet/SKILL.md`]: skill("quiet"),
        [`${CH}/skills/.system/quiet/agents/openai.yaml`]: "policy:\n  allow_implicit_invocation: false\n",
        "/etc/codex/skills/adm/SKILL.md": skill("adm-skill"),
        "/repo/.agents/skills/zzz/SKILL.md": skill("zzz-repo"),
        "/repo/pkg/.agents/skills/p/SKILL.md": skill("pkg-agents"),
      },
      { cwd: "/repo/pkg" },
    );
    expect(r.value.roots.map((x) => `${x.scope}:${x.path}`)).toEqual([
      "repo:/repo/pkg/.codex/skills",
      "repo:/repo/.codex/skills",
      `user:${CH}/skills`,
      "user:/home/u/.agents/skills",
      `system:${CH}/skills/.system`,
      "admin:/etc/codex/skills",
      "repo:/repo/.agents/skills",
      "repo:/repo/pkg/.agents/skills",
    ]);
    expect(names(r)).toEqual([
      "imagegen@system:r4",
      "quiet@system:r-1",
      "adm-skill@admin:r5",
      "pkg-agents@repo:r7",
      "pkgc@repo:r0",
      "repo-skill@repo:r1",
      "zzz-repo@repo:r6",
      "aaa-user@user:r2",
      "home-skill@user:r3",
    ]);
  });

  it("labels only roots that hold a listed skill", () => {
    const r = run({
      [`${CH}/skills/.system/x/SKILL.md`]: skill("sys"),
      "/home/u/.agents/skills": { dir: true },
      "/repo/.agents/skills/a/SKILL.md": skill("a"),
    });
    expect([r.value.roots.map((x) => x.path), names(r)]).toEqual([
      [`${CH}/skills/.system`, "/repo/.agents/skills"],
      ["sys@system:r0", "a@repo:r1"],
    ]);
  });

  it("needs .git/HEAD for .codex layers above cwd, not for .agents roots (observed)", () => {
    const files = {
      "/repo/.git": { dir: true } as MemoryEntry,
      "/repo/.codex/skills/c/SKILL.md": skill("codex-root"),
      "/repo/.agents/skills/a/SKILL.md": skill("agents-root"),
      "/repo/pkg": { dir: true } as MemoryEntry,
    };
    expect(names(run(files, { cwd: "/repo/pkg" }))).toEqual(["agents-root@repo:r0"]);
  });

  it("marks [[skills.config]] disabled paths and leaves them unlabelled", () => {
    const r = run(
      { [`${CH}/skills/a/SKILL.md`]: skill("a"), [`${CH}/skills/b/SKILL.md`]: skill("b") },
      { disabledPaths: [`${CH}/skills/a/SKILL.md`] },
    );
    expect(r.value.skills.map((s) => [s.name, s.enabled, s.rootIndex])).toEqual([
      ["a", false, -1],
      ["b", true, 0],
    ]);
  });

  it("follows symlinked folders once (loops end), ignores symlinked SKILL.md files and System symlinks", () => {
    const r = run({
      [`${CH}/skills/real/SKILL.md`]: skill("real"),
      [`${CH}/skills/again`]: { symlink: `${CH}/skills` },
      [`${CH}/skills/real/loop`]: { symlink: ".." },
      [`${CH}/skills/linked/SKILL.md`]: { symlink: `${CH}/skills/real/SKILL.md` },
      "/elsewhere/ext/SKILL.md": skill("external"),
      [`${CH}/skills/ext`]: { symlink: "/elsewhere/ext" },
      [`${CH}/skills/.system/sys-link`]: { symlink: "/elsewhere/ext" },
      [`${CH}/skills/self`]: { symlink: "self" },
    });
    expect([
      r.value.skills.map((s) => `${s.name}:${s.path}`),
      r.diagnostics.map((d) => `${d.rule}:${d.data?.["code"]}`),
    ]).toEqual([
      ["external:/elsewhere/ext/SKILL.md", `real:${CH}/skills/real/SKILL.md`],
      ["skills/broken-symlink:ELOOP", "skills/symlinked-file:undefined"],
    ]);
  });

  it("reports an unreadable folder and an unreadable SKILL.md and goes on", () => {
    const r = run({
      [`${CH}/skills/locked`]: { dir: true, unreadable: true },
      [`${CH}/skills/x/SKILL.md`]: { file: skill("x"), unreadable: true },
      [`${CH}/skills/ok/SKILL.md`]: skill("ok"),
    });
    expect([names(r), r.diagnostics.map((d) => `${d.rule}:${d.data?.["code"]}`)]).toEqual([
      ["ok@user:r0"],
      ["skills/unreadable-dir:EACCES", "skills/unreadable:EACCES"],
    ]);
  });

  it("never reads a FIFO named SKILL.md or agents/openai.yaml (the read would block)", () => {
    const r = run({
      [`${CH}/skills/f/SKILL.md`]: { fifo: true },
      [`${CH}/skills/ok/SKILL.md`]: skill("ok"),
      [`${CH}/skills/ok/agents/openai.yaml`]: { fifo: true },
    });
    expect([names(r), r.diagnostics.map((d) => `${d.rule}:${d.message}`)]).toEqual([
      ["ok@user:r0"],
      ["skills/invalid-sidecar:ignored: cannot read /home/u/.codex/skills/ok/agents/openai.yaml: invalid argument"],
    ]);
  });

  it("stops after 2,000 directories per root with a diagnostic", () => {
    const files: Record<string, MemoryEntry> = {};
    for (let i = 0; i < 2100; i++) files[`${CH}/skills/d${String(i).padStart(4, "0")}`] = { dir: true };
    const r = run(files);
    expect(r.diagnostics.map((d) => [d.rule, d.message, d.data?.["unscanned"]])).toEqual([
      ["skills/scan-truncated", "skills scan truncated after 2,000 directories", 101],
    ]);
  });

  it("leaves the admin root out when asked", () => {
    expect(names(run({ "/etc/codex/skills/a/SKILL.md": skill("adm") }, { adminSkillsRoot: null }))).toEqual([]);
  });
});

describe("orderSkills", () => {
  const scopes = ["system", "admin", "repo", "user"] as const;
  const pick = <T>(next: () => number, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const names = ["a", "b", "ab", "B", "é", "\u{1F600}", "\uFF5E", "a\u0000b"];
  const paths = [
    "/r/a/SKILL.md",
    "/r/b/SKILL.md",
    "/r/\u{1F600}/SKILL.md",
    "/r/\uFF5E/SKILL.md",
    "/r/a\u0000/SKILL.md",
  ];
  const reference = <T extends { scope: (typeof scopes)[number]; name: string; path: string }>(skills: readonly T[]) =>
    [...skills].sort(
      (a, b) =>
        SKILL_SCOPE_RANK[a.scope] - SKILL_SCOPE_RANK[b.scope] ||
        compareByteOrder(a.name, b.name) ||
        compareByteOrder(a.path, b.path),
    );
  it.each([
    [1, 3],
    [2, 8],
    [3, 20],
    [4, 40],
    [5, 40],
    [6, 120],
    [7, 60],
    [8, 60],
    [9, 60],
  ])("orders seed %i's %i skills as the comparator does, ties in place", (seed, count) => {
    const next = seededRandom(seed);
    // By seed: plain names and paths (the keyed way), any names (NUL, surrogates) with plain paths, or the reverse.
    const plainNames = seed % 3 !== 2;
    const plainPaths = seed % 3 !== 0;
    const skills = Array.from({ length: count }, (_, i) => ({
      scope: pick(next, scopes),
      name: pick(next, plainNames ? names.slice(0, 5) : names),
      path: pick(next, plainPaths ? paths.slice(0, 2) : paths),
      id: i,
    }));
    expect(orderSkills(skills).map((s) => s.id)).toEqual(reference(skills).map((s) => s.id));
  });
});
