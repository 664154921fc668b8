// Walks a Handlebars AST for the data a template reads from its root context (scope-aware: `each`/`with`
// bodies, block params, `../`, `@root.`) and for its `promptc-inputs` declarations. Pure.
import { TEMPLATE_HELPERS } from "../fragments/render-template.js";
import { parseInputsDeclaration } from "./template-inputs.js";

export interface VariableRef {
  /** First segment of the path (`user` for `{{user.name}}`). */
  name: string;
  line: number;
  column: number;
}

export interface TemplateVariables {
  /** Root-context reads, in source order. */
  refs: VariableRef[];
  /** Inputs declared with `{{!-- promptc-inputs: … --}}`, with the comment's place. */
  declared: VariableRef[];
  /** Whether any declaration comment exists (even an empty one). */
  hasDeclaration: boolean;
}

/** Helpers a bare `{{name}}` calls instead of reading data (Handlebars built-ins + promptc's whitelist). */
const BLOCK_HELPERS = new Set(["if", "unless", "each", "with", "lookup", "log"]);
/** Block helpers whose body runs with a new context (`this` is the item / the value). */
const CONTEXT_CHANGING = new Set(["each", "with"]);

type Node = { type: string; loc?: { start: { line: number; column: number } } | null; [key: string]: unknown };
type PathNode = Node & { data: boolean; depth: number; parts: string[]; original: string };

interface Frame {
  /** Whether `this` here is the template's root data. */
  root: boolean;
  /** Block params (`as |item i|`) visible in this frame. */
  locals: ReadonlySet<string>;
}

function isHelper(name: string): boolean {
  return BLOCK_HELPERS.has(name) || TEMPLATE_HELPERS.includes(name);
}

export function collectTemplateVariables(ast: unknown): TemplateVariables {
  const refs: VariableRef[] = [];
  const declared: VariableRef[] = [];
  let hasDeclaration = false;
  const at = (n: Node): { line: number; column: number } => ({
    line: n.loc?.start.line ?? 1,
    column: (n.loc?.start.column ?? 0) + 1,
  });

  const readPath = (p: PathNode, frames: readonly Frame[]): void => {
    let parts = p.parts;
    let frameIndex = frames.length - 1;
    if (p.data) {
      // @root.x reads the root data; @index, @key, @first, @last are loop data.
      if (!p.original.startsWith("@root.") || parts.length < 2) return;
      parts = parts.slice(1);
      frameIndex = 0;
    } else {
      frameIndex -= p.depth;
      if (frameIndex < 0) return;
      // A block param shadows data, from the frame that declares it inward.
      if (p.depth === 0 && frames.some((f) => f.locals.has(parts[0] ?? ""))) return;
    }
    const name = parts[0];
    if (name === undefined || !frames[frameIndex]?.root) return;
    refs.push({ name, ...at(p) });
  };

  const visitExpr = (e: unknown, frames: readonly Frame[]): void => {
    if (!e || typeof e !== "object") return;
    const n = e as Node;
    if (n.type === "PathExpression") readPath(n as PathNode, frames);
    else if (n.type === "SubExpression") visitCall(n, frames);
  };

  const visitArgs = (n: Node, frames: readonly Frame[]): void => {
    for (const p of (n["params"] as unknown[] | undefined) ?? []) visitExpr(p, frames);
    const hash = n["hash"] as { pairs?: { value: unknown }[] } | undefined;
    for (const pair of hash?.pairs ?? []) visitExpr(pair.value, frames);
  };

  /** Mustache, sub-expression or block head: a helper call or a data read. */
  const visitCall = (n: Node, frames: readonly Frame[]): "helper" | "data" => {
    const path = n["path"] as Node;
    const hasArgs =
      ((n["params"] as unknown[] | undefined)?.length ?? 0) > 0 ||
      ((n["hash"] as { pairs?: unknown[] } | undefined)?.pairs?.length ?? 0) > 0;
    visitArgs(n, frames);
    if (path.type !== "PathExpression") return "data";
    const p = path as PathNode;
    if (!p.data && p.depth === 0 && p.parts.length === 1 && (isHelper(p.original) || hasArgs)) return "helper";
    readPath(p, frames);
    return "data";
  };

  const visitProgram = (prog: unknown, frames: readonly Frame[]): void => {
    if (!prog || typeof prog !== "object") return;
    for (const s of ((prog as Node)["body"] as Node[] | undefined) ?? []) visitStatement(s, frames);
  };

  const visitStatement = (s: Node, frames: readonly Frame[]): void => {
    switch (s.type) {
      case "MustacheStatement":
        visitCall(s, frames);
        return;
      case "BlockStatement": {
        const kind = visitCall(s, frames);
        const head = (s["path"] as PathNode).original;
        const program = s["program"] as Node | undefined;
        const params = (program?.["blockParams"] as string[] | undefined) ?? [];
        // `{{#each}}`/`{{#with}}` and a section over data (`{{#items}}`) run their body in a new context.
        const changes = kind === "data" || CONTEXT_CHANGING.has(head);
        const inner: Frame[] = changes
          ? [...frames, { root: false, locals: new Set(params) }]
          : frames.length > 0 && params.length > 0
            ? [
                ...frames.slice(0, -1),
                { ...(frames.at(-1) as Frame), locals: new Set([...(frames.at(-1) as Frame).locals, ...params]) },
              ]
            : [...frames];
        visitProgram(program, inner);
        visitProgram(s["inverse"], frames);
        return;
      }
      case "PartialStatement":
      case "PartialBlockStatement":
        visitArgs(s, frames);
        visitProgram(s["program"], frames);
        return;
      case "CommentStatement": {
        const names = parseInputsDeclaration(String(s["value"] ?? ""));
        if (names) {
          hasDeclaration = true;
          for (const name of names) declared.push({ name, ...at(s) });
        }
        return;
      }
      default:
        return;
    }
  };

  visitProgram(ast, [{ root: true, locals: new Set() }]);
  return { refs, declared, hasDeclaration };
}
