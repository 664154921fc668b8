// Permissions prose from the permissions sections of one captured request: each sandbox sentence under the mode
// its section was rendered for, the approval text only under a policy that is known for it. Pure.
import { diagnostic, type Diagnostic } from "../model/diagnostic.js";
import type { ApprovalPolicy } from "../model/permission-modes.js";
import type { CapturedPermissions } from "./collect-context-sections.js";
import { splitPermissionsSection } from "./split-permissions.js";

/** The approval policy the captured turns ran with. */
export type CalibrateApproval = ApprovalPolicy;

/** Records one prose text (the caller reports conflicts between captures). */
export type PutProse = (id: string, text: string, file: string) => void;

/**
 * `approval` is the policy of the turn the request was sent for, so it names the approval text of the current
 * section; an earlier turn's section shares it only when its text is the same. Returns true when a sandbox
 * sentence names the network setting other than by one word (kept verbatim).
 */
export function calibratePermissions(
  sections: CapturedPermissions[],
  approval: CalibrateApproval,
  file: string,
  put: PutProse,
  diagnostics: Diagnostic[],
): boolean {
  let networkVerbatim = false;
  const parts = sections.map((s) => (s.sandbox === undefined ? undefined : splitPermissionsSection(s.text, s.sandbox)));
  const last = sections.at(-1);
  const currentApproval = last?.current === true ? parts.at(-1)?.approval : undefined;
  sections.forEach((s, k) => {
    const p = parts[k];
    if (s.sandbox === undefined) return; // collectContextSections reported why
    if (p === undefined) {
      diagnostics.push(
        diagnostic(
          "calibrate/unrecognised-section",
          "warning",
          `${file}: permissions section does not have the expected layout; skipped`,
          { file },
        ),
      );
      return;
    }
    put(`permissions-sandbox-${s.sandbox}`, p.sandbox, file);
    if (!p.networkTemplated) networkVerbatim = true;
    if (p.writableRoots !== undefined) put("permissions-writable-roots", p.writableRoots, file);
    if (p.approvedPrefixesHead !== undefined) put("permissions-approved-prefixes", p.approvedPrefixesHead, file);
    if (p.approval === "") return;
    if (s.current || p.approval === currentApproval) put(`permissions-approval-${approval}`, p.approval, file);
    else {
      diagnostics.push(
        diagnostic(
          "calibrate/earlier-approval",
          "info",
          `${file}: an earlier turn's permissions section has another approval text than this turn's (${approval}); its policy is unknown, so that text is skipped`,
          { file },
        ),
      );
    }
  });
  return networkVerbatim;
}
