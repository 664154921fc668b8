import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildPathRoots,
  dashedPath,
  mapJsonStrings,
  restorePaths,
  scrubPaths,
} from "../../src/model/portable-paths.js";

const roots = buildPathRoots({
  rootDir: "/home/alice/app",
  codexHome: "/home/alice/.codex",
  homeDir: "/home/alice/",
  tmpDir: "/var/tmp/x",
});

describe("scrubPaths", () => {
  const cases: [string, string, string][] = [
    ["the checkout itself", "cwd /home/alice/app", "cwd <rootDir>"],
    ["a path below the checkout", "/home/alice/app/src/a.ts:3", "<rootDir>/src/a.ts:3"],
    [
      "the checkout inside the home (longest root first)",
      "/home/alice/app and /home/alice/x",
      "<rootDir> and <homeDir>/x",
    ],
    ["CODEX_HOME inside the home", "/home/alice/.codex/skills", "<codexHome>/skills"],
    ["a sibling that starts like the checkout", "/home/alice/app2/x", "<homeDir>/app2/x"],
    ["a name that starts like the home", "/home/alicebob/x", "/home/alicebob/x"],
    ["a path inside a longer one", "/srv/home/alice/app", "/srv/home/alice/app"],
    ["an extension is a longer name", "/home/alice/app.bak", "<homeDir>/app.bak"],
    [
      "a full stop after the path ends a sentence",
      "Writable roots: `/home/alice/app`.",
      "Writable roots: `<rootDir>`.",
    ],
    ["a trailing slash", "/home/alice/app/", "<rootDir>/"],
    ["text around it", "# AGENTS.md instructions for /home/alice/app\n", "# AGENTS.md instructions for <rootDir>\n"],
    ["inside XML", "<cwd>/home/alice/app</cwd>", "<cwd><rootDir></cwd>"],
    ["a JSON string", '{"cwd":"/home/alice/app"}', '{"cwd":"<rootDir>"}'],
    [
      "a harness's per-project folder",
      "/home/alice/.claude/projects/-home-alice-app/memory/",
      "<homeDir>/.claude/projects/<rootDir:dashed>/memory/",
    ],
    ["a per-project folder of a subfolder", "projects/-home-alice-app-pkg/", "projects/<rootDir:dashed>-pkg/"],
    ["$TMPDIR", "/var/tmp/x/promptc-1", "<tmpDir>/promptc-1"],
    ["a file URL", "file:///home/alice/app/a", "file://<rootDir>/a"],
    ["nothing to replace", "/usr/bin/env", "/usr/bin/env"],
  ];
  it.each(cases)("%s", (_name, text, expected) => {
    expect(scrubPaths(text, roots)).toBe(expected);
  });

  it("scrubs the strings of a JSON value before they are escaped, keys included, and restores them", () => {
    const odd = buildPathRoots({ rootDir: '/w/a "b"\\c' });
    const body = { cwd: '/w/a "b"\\c/x', files: { '/w/a "b"\\c/y': ['\n/w/a "b"\\c\n'] }, n: 1 };
    const scrubbed = mapJsonStrings(body, (t) => scrubPaths(t, odd));
    expect(scrubbed).toEqual({ cwd: "<rootDir>/x", files: { "<rootDir>/y": ["\n<rootDir>\n"] }, n: 1 });
    expect(mapJsonStrings(scrubbed, (t) => restorePaths(t, odd))).toEqual(body);
  });

  it("leaves a closing tag alone when the home is /root", () => {
    const root = buildPathRoots({ rootDir: "/srv/app", homeDir: "/root" });
    expect(scrubPaths("<root>/srv/app</root><root>/root</root> ls /root/x", root)).toBe(
      "<root><rootDir></root><root><homeDir></root> ls <homeDir>/x",
    );
  });

  it("keeps `/` and relative paths out of the roots", () => {
    expect(buildPathRoots({ rootDir: "/", homeDir: "relative/home" })).toEqual([]);
  });

  it("gives a path two names share to the first (the checkout over the home)", () => {
    expect(buildPathRoots({ rootDir: "/h/a", homeDir: "/h/a/" })).toEqual([{ name: "rootDir", path: "/h/a" }]);
  });

  it("writes a realpath spelling as the same placeholder", () => {
    const both = buildPathRoots({ rootDir: ["/tmp/x", "/private/tmp/x"] });
    expect(scrubPaths("/tmp/x/a /private/tmp/x/b", both)).toBe("<rootDir>/a <rootDir>/b");
  });
});

/** Path segments that cannot hold a placeholder or a separator. */
const segment = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
const absolute = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join("/")}`);
/** Text between paths, ending where a path may start (a space, a quote, a tag). */
const filler = fc
  .tuple(fc.stringMatching(/^[ a-z:`"<>=\n]{0,12}$/), fc.constantFrom(" ", "`", '"', ">", "\n"))
  .map(([t, end]) => t + end);

describe("scrubPaths (properties)", () => {
  it("writes the same text for one checkout at two paths under two homes", () => {
    fc.assert(
      fc.property(
        fc.tuple(absolute, absolute, absolute, absolute),
        fc.array(fc.tuple(filler, fc.constantFrom("root", "home"), fc.array(segment, { maxLength: 2 })), {
          maxLength: 6,
        }),
        fc.constantFrom("", " x", ".", "/"),
        ([rootA, rootB, homeA, homeB], pieces, tail) => {
          const a = { root: `/ra${rootA}`, home: `/ha${homeA}` };
          const b = { root: `/rb${rootB}`, home: `/hb${homeB}` };
          const render = (m: typeof a) =>
            pieces.map(([f, which, rest]) => `${f}${[m[which], ...rest].join("/")}`).join(" ") + tail;
          const scrubbed = (m: typeof a) => scrubPaths(render(m), buildPathRoots({ rootDir: m.root, homeDir: m.home }));
          expect(scrubbed(a)).toBe(scrubbed(b));
        },
      ),
    );
  });

  it("restores what it scrubbed when the text holds no placeholder of its own", () => {
    fc.assert(
      fc.property(
        absolute,
        absolute,
        fc.array(fc.tuple(filler, fc.boolean()), { maxLength: 6 }),
        (root, home, parts) => {
          const r = buildPathRoots({ rootDir: `/r${root}`, homeDir: `/h${home}` });
          const text = parts.map(([f, isRoot]) => `${f} ${isRoot ? `/r${root}` : `/h${home}`}/x`).join("");
          fc.pre(!text.includes("<rootDir") && !text.includes("<homeDir"));
          expect(restorePaths(scrubPaths(text, r), r)).toBe(text);
        },
      ),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(absolute, fc.array(fc.tuple(filler, fc.boolean()), { maxLength: 6 }), (root, parts) => {
        const r = buildPathRoots({ rootDir: `/r${root}` });
        const text = parts.map(([f, at]) => (at ? `${f}/r${root}` : f)).join("");
        const once = scrubPaths(text, r);
        expect(scrubPaths(once, r)).toBe(once);
      }),
    );
  });
});

describe("dashedPath", () => {
  it("spells every character outside A-Z, a-z, 0-9 as -", () => {
    expect(dashedPath("/home/a.b/c_d")).toBe("-home-a-b-c-d");
  });
});
