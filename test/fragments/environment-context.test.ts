import { describe, expect, it } from "vitest";
import { renderEnvironmentContext } from "../../src/fragments/environment-context.js";
import { renderFilesystemElement } from "../../src/fragments/filesystem-element.js";
import type { PermissionsInfo } from "../../src/model/turn-context.js";

const base = { cwd: "/repo", shell: "bash", currentDate: "2026-02-26", timezone: "America/Los_Angeles" };

describe("renderEnvironmentContext", () => {
  const cases: [string, Parameters<typeof renderEnvironmentContext>[0], string][] = [
    [
      "cwd, shell, date, timezone (11.2 #20)",
      base,
      "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n</environment_context>",
    ],
    [
      "a network block (11.2 #21)",
      {
        ...base,
        network: { allowedDomains: ["api.example.com", "*.openai.com"], deniedDomains: ["blocked.example.com"] },
      },
      '<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n  <network enabled="true">\n    <allowed>api.example.com</allowed>\n    <allowed>*.openai.com</allowed>\n    <denied>blocked.example.com</denied>\n  </network>\n</environment_context>',
    ],
    [
      "no cwd line without a cwd (11.2 #22)",
      { shell: "bash", currentDate: "2026-02-26", timezone: "America/Los_Angeles" },
      "<environment_context>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n</environment_context>",
    ],
    [
      "no shell line without a shell (0.171.0 diffs whose cwd+shell pair did not change)",
      { currentDate: "2026-11-30", timezone: "Etc/UTC", filesystem: "<filesystem>X</filesystem>" },
      "<environment_context>\n  <current_date>2026-11-30</current_date>\n  <timezone>Etc/UTC</timezone>\n  <filesystem>X</filesystem>\n</environment_context>",
    ],
    [
      "subagents indented by four spaces (11.2 #23)",
      { ...base, subagents: "- agent-1: atlas\n- agent-2" },
      "<environment_context>\n  <cwd>/repo</cwd>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n  <subagents>\n    - agent-1: atlas\n    - agent-2\n  </subagents>\n</environment_context>",
    ],
    [
      "the one-line filesystem element (0.171.0, read-only capture)",
      {
        cwd: "/repo/pkg/sub",
        shell: "bash",
        currentDate: "2026-11-29",
        timezone: "Etc/UTC",
        filesystem: "<filesystem>X</filesystem>",
      },
      "<environment_context>\n  <cwd>/repo/pkg/sub</cwd>\n  <shell>bash</shell>\n  <current_date>2026-11-29</current_date>\n  <timezone>Etc/UTC</timezone>\n  <filesystem>X</filesystem>\n</environment_context>",
    ],
    [
      "values unescaped",
      { ...base, cwd: "/a&b<c>" },
      "<environment_context>\n  <cwd>/a&b<c></cwd>\n  <shell>bash</shell>\n  <current_date>2026-02-26</current_date>\n  <timezone>America/Los_Angeles</timezone>\n</environment_context>",
    ],
  ];
  for (const [name, input, expected] of cases)
    it(`renders ${name}`, () => expect(renderEnvironmentContext(input)).toBe(expected));

  it("differs only by shell when shells differ (11.2 #24: equality ignores shell, rendering does not)", () => {
    const a = renderEnvironmentContext({ ...base, shell: "bash" });
    const b = renderEnvironmentContext({ ...base, shell: "zsh" });
    expect(a.replace("bash", "zsh")).toBe(b);
  });
});

const perms = (p: Partial<PermissionsInfo>): PermissionsInfo => ({
  sandbox: "read-only",
  approval: "never",
  networkAccess: false,
  configuredWritableRoots: [],
  tmpExists: true,
  approvedPrefixes: [],
  ...p,
});

describe("renderFilesystemElement", () => {
  const cases: [string, PermissionsInfo, string][] = [
    [
      "read-only",
      perms({}),
      '<filesystem><workspace_roots><root>/r</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry></file_system></permission_profile></filesystem>',
    ],
    [
      "danger-full-access",
      perms({ sandbox: "danger-full-access" }),
      '<filesystem><workspace_roots><root>/r</root></workspace_roots><permission_profile type="disabled"><file_system type="unrestricted" /></permission_profile></filesystem>',
    ],
    [
      "workspace-write (with :tmpdir even when $TMPDIR is unset)",
      perms({ sandbox: "workspace-write" }),
      '<filesystem><workspace_roots><root>/r</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry><entry access="write"><path>/r</path></entry><entry access="write"><special>:slash_tmp</special></entry><entry access="write"><special>:tmpdir</special></entry><entry access="read"><path>/r/.git</path></entry><entry access="read"><path>/r/.agents</path></entry><entry access="read"><path>/r/.codex</path></entry><entry access="read"><path>/r/.aws</path></entry></file_system></permission_profile></filesystem>',
    ],
    [
      "workspace-write with configured roots (carve-outs grouped by name)",
      perms({ sandbox: "workspace-write", configuredWritableRoots: ["/zz", "/aa"] }),
      '<filesystem><workspace_roots><root>/r</root><root>/zz</root><root>/aa</root></workspace_roots><permission_profile type="managed"><file_system type="restricted"><entry access="read"><special>:root</special></entry><entry access="write"><path>/r</path></entry><entry access="write"><path>/zz</path></entry><entry access="write"><path>/aa</path></entry><entry access="write"><special>:slash_tmp</special></entry><entry access="write"><special>:tmpdir</special></entry><entry access="read"><path>/r/.git</path></entry><entry access="read"><path>/zz/.git</path></entry><entry access="read"><path>/aa/.git</path></entry><entry access="read"><path>/r/.agents</path></entry><entry access="read"><path>/zz/.agents</path></entry><entry access="read"><path>/aa/.agents</path></entry><entry access="read"><path>/r/.codex</path></entry><entry access="read"><path>/zz/.codex</path></entry><entry access="read"><path>/aa/.codex</path></entry><entry access="read"><path>/r/.aws</path></entry><entry access="read"><path>/zz/.aws</path></entry><entry access="read"><path>/aa/.aws</path></entry></file_system></permission_profile></filesystem>',
    ],
  ];
  for (const [name, p, expected] of cases)
    it(`renders ${name} as 0.171.0 does`, () => expect(renderFilesystemElement("/r", p)).toBe(expected));
});
