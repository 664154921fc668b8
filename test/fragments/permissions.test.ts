import { describe, expect, it } from "vitest";
import { buildPermissionsFragment, concatInstructions, writableRoots } from "../../src/fragments/permissions.js";
import type { ProseSet } from "../../src/fragments/prose-set.js";
import type { PermissionsInfo } from "../../src/model/turn-context.js";

const perms = (p: Partial<PermissionsInfo>): PermissionsInfo => ({
  sandbox: "read-only",
  approval: "never",
  networkAccess: false,
  configuredWritableRoots: [],
  tmpExists: true,
  approvedPrefixes: [],
  ...p,
});

/** Test prose: verbatim texts shaped like Codex's files (sandbox trimmed later, approval ending in \n). */
const t = (id: string, source: string) => ({ id, kind: "text" as const, source, origin: "user-supplied" as const });
const tpl = (id: string, source: string) => ({ id, kind: "template" as const, source, origin: "stand-in" as const });
const prose: ProseSet = {
  profile: "test",
  toolsOrigin: "stand-in",
  tools: {},
  entries: {
    "permissions-sandbox-read-only": t("permissions-sandbox-read-only", "RO. Network access is {network_access}.\n\n"),
    "permissions-sandbox-workspace-write": t(
      "permissions-sandbox-workspace-write",
      "WW. Network access is {network_access}.\n",
    ),
    "permissions-sandbox-danger-full-access": t(
      "permissions-sandbox-danger-full-access",
      "DFA. Network access is {network_access}.\n",
    ),
    "permissions-approval-never": t("permissions-approval-never", "NEVER.\n"),
    "permissions-approval-on-request": t("permissions-approval-on-request", "# ON REQUEST\n"),
    "permissions-approval-on-failure": t("permissions-approval-on-failure", "ON FAILURE.\n"),
    "permissions-approval-untrusted": t("permissions-approval-untrusted", " UNTRUSTED.\n"),
    "permissions-approved-prefixes": tpl("permissions-approved-prefixes", "## Prefixes\nApproved: {{prefixes}}"),
    "permissions-writable-roots": tpl(
      "permissions-writable-roots",
      "{{#if (eq count 1)}} Root {{backtickList roots}}.{{else}} Roots {{backtickList roots}}.{{/if}}",
    ),
  },
};

describe("concatInstructions", () => {
  it("adds a newline only when the text does not end with one", () => {
    expect([concatInstructions("a", "b"), concatInstructions("a\n", "b")]).toEqual(["a\nb", "a\nb"]);
  });
});

describe("writableRoots", () => {
  it("sorts configured roots, cwd, /tmp and $TMPDIR by byte order (0.171.0 capture)", () => {
    expect(writableRoots("/dev/shm/pcws", perms({ configuredWritableRoots: ["/zz", "/aa"], tmpdir: "/var" }))).toEqual([
      "/aa",
      "/dev/shm/pcws",
      "/tmp",
      "/var",
      "/zz",
    ]);
  });
  it("sorts as Rust sorts paths, component by component (observed 0.171.0: x/y before x-y and x.y)", () =>
    expect(
      writableRoots(
        "/w/ws",
        perms({
          tmpExists: false,
          configuredWritableRoots: ["/w/x.y", "/w/x/y", "/w/x-y", "/w/x/y/", "/w/\u{1F600}", "/w/\uFFFD"],
        }),
      ),
    ).toEqual(["/w/ws", "/w/x/y", "/w/x-y", "/w/x.y", "/w/\uFFFD", "/w/\u{1F600}"]));
  it("gives /tmp then cwd when $TMPDIR is unset", () =>
    expect(writableRoots("/tmp/x/repo", perms({}))).toEqual(["/tmp", "/tmp/x/repo"]));
  it("leaves /tmp out when it does not exist and dedupes", () =>
    expect(writableRoots("/r", perms({ tmpExists: false, configuredWritableRoots: ["/r"] }))).toEqual(["/r"]));
});

describe("buildPermissionsFragment", () => {
  const cases: [string, Partial<PermissionsInfo>, string][] = [
    [
      "read-only + never (sandbox trimmed, 11.3 #38 shape)",
      {},
      "<permissions instructions>\nRO. Network access is restricted.\nNEVER.\n</permissions instructions>",
    ],
    [
      "danger-full-access reports network enabled",
      { sandbox: "danger-full-access" },
      "<permissions instructions>\nDFA. Network access is enabled.\nNEVER.\n</permissions instructions>",
    ],
    [
      "workspace-write + network (11.3 #40 shape) with the roots sentence",
      { sandbox: "workspace-write", networkAccess: true, approval: "untrusted" },
      "<permissions instructions>\nWW. Network access is enabled.\n UNTRUSTED.\n Roots `/r`, `/tmp`.\n</permissions instructions>",
    ],
    [
      "one writable root",
      { sandbox: "workspace-write", tmpExists: false },
      "<permissions instructions>\nWW. Network access is restricted.\nNEVER.\n Root `/r`.\n</permissions instructions>",
    ],
    [
      "on-request with approved prefixes (11.3 #39 shape)",
      { approval: "on-request", approvedPrefixes: [["git", "pull"], ["ls"]] },
      '<permissions instructions>\nRO. Network access is restricted.\n# ON REQUEST\n\n\n## Prefixes\nApproved: - ["ls"]\n- ["git", "pull"]\n</permissions instructions>',
    ],
    [
      "on-request without prefixes",
      { approval: "on-request" },
      "<permissions instructions>\nRO. Network access is restricted.\n# ON REQUEST\n</permissions instructions>",
    ],
    [
      "on-failure",
      { approval: "on-failure" },
      "<permissions instructions>\nRO. Network access is restricted.\nON FAILURE.\n</permissions instructions>",
    ],
  ];
  for (const [name, p, expected] of cases) {
    it(`renders ${name}`, () => {
      const f = buildPermissionsFragment("/r", perms(p), prose);
      expect(f.text).toBe(expected);
      expect(f.diagnostics).toEqual([]);
    });
  }

  it("marks the fragment user-supplied when any piece came from the user", () => {
    expect(buildPermissionsFragment("/r", perms({}), prose).prose).toBe("user-supplied");
  });

  it("reports a missing prose id as an error diagnostic", () => {
    const f = buildPermissionsFragment("/r", perms({}), { ...prose, entries: {} });
    expect(f.diagnostics.map((d) => d.rule)).toEqual(["template/missing", "template/missing"]);
  });
});
