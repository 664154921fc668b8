// GitHub Actions workflow commands (`::error file=…,line=…::message`), one per finding. Pure.
import type { LintRunResult } from "../run.js";

/** Workflow-command escaping (actions/toolkit): data escapes % \r \n; properties also : and ,. */
const escapeData = (s: string): string => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProp = (s: string): string => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

export function formatGithub(run: LintRunResult): string {
  const out: string[] = [];
  for (const r of run.results) {
    for (const m of r.messages) {
      const kind = m.severity === "error" ? "error" : m.severity === "warning" ? "warning" : "notice";
      const p = m.place ?? { line: 1, column: 1 };
      const props = [`file=${escapeProp(r.path)}`, `line=${p.line}`, `col=${p.column}`];
      if (p.endLine !== undefined) props.push(`endLine=${p.endLine}`);
      if (p.endColumn !== undefined && p.endLine === p.line) props.push(`endColumn=${p.endColumn}`);
      props.push(`title=${escapeProp(m.rule)}`);
      out.push(`::${kind} ${props.join(",")}::${escapeData(m.message)}`);
    }
  }
  return out.length > 0 ? out.join("\n") + "\n" : "";
}
