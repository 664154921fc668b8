// Handlebars templates for lint: parse, collect partial references, mustache paths and helpers. Pure.
import Handlebars from "handlebars";

export interface TemplateRef {
  name: string;
  line: number;
  column: number;
}

export type ParsedTemplate =
  | { ok: true; partials: TemplateRef[]; paths: TemplateRef[]; helpers: TemplateRef[]; ast: unknown }
  | { ok: false; message: string; line: number; column: number };

type Node = { type: string; loc?: { start: { line: number; column: number } } | null; [key: string]: unknown };

/** Parses one template; a file under lint parses once, on first use (LintFile's `template`). */
export function parseTemplate(text: string): ParsedTemplate {
  let ast: Node;
  try {
    ast = Handlebars.parse(text) as unknown as Node;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const m = /line (\d+)/.exec(message);
    const col = (err as { column?: number }).column;
    return {
      ok: false,
      message: message.split("\n")[0] as string,
      line: m ? Number(m[1]) : 1,
      column: typeof col === "number" ? col + 1 : 1,
    };
  }
  const partials: TemplateRef[] = [];
  const paths: TemplateRef[] = [];
  const helpers: TemplateRef[] = [];
  const at = (n: Node): { line: number; column: number } => ({
    line: n.loc?.start.line ?? 1,
    column: (n.loc?.start.column ?? 0) + 1,
  });
  const pathName = (p: unknown): string | undefined =>
    p && typeof p === "object" && (p as Node).type === "PathExpression"
      ? String((p as { original: unknown }).original)
      : undefined;
  const visit = (n: unknown): void => {
    if (!n || typeof n !== "object") return;
    if (Array.isArray(n)) return n.forEach(visit);
    const node = n as Node;
    if (node.type === "PartialStatement" || node.type === "PartialBlockStatement") {
      const name = node["name"] as Node;
      const v =
        name.type === "PathExpression"
          ? String(name["original"])
          : name.type === "StringLiteral"
            ? String(name["value"])
            : undefined;
      if (v) partials.push({ name: v, ...at(node) });
    }
    if (node.type === "MustacheStatement" || node.type === "BlockStatement" || node.type === "SubExpression") {
      const head = pathName(node["path"]);
      const params = (node["params"] as unknown[]) ?? [];
      const hash = node["hash"] as { pairs?: unknown[] } | undefined;
      if (head !== undefined) {
        if (params.length > 0 || (hash?.pairs?.length ?? 0) > 0 || node.type === "BlockStatement")
          helpers.push({ name: head, ...at(node) });
        else paths.push({ name: head, ...at(node) });
      }
    }
    for (const [key, value] of Object.entries(node))
      if (key !== "loc" && key !== "strip" && key !== "openStrip" && key !== "closeStrip" && key !== "inverseStrip")
        visit(value);
  };
  visit(ast);
  return { ok: true, partials, paths, helpers, ast };
}
