// The tool declarations of a model's layout, for previews without calibration: names, order and parameter
// shapes as Codex 0.171.0 sends them per layout, descriptions from the profile's (stand-in) tool prose. A
// calibration replaces the whole list with the user's Codex's own, verbatim. Pure data.
import type { PermissionsInfo } from "../../model/turn-context.js";
import { codexToolDeclarations } from "../codex-tools.js";
import { obj, type FunctionToolDeclaration, type ParamSchema, type ToolDeclaration } from "../tool-declaration.js";
import type { CodexModelLayout } from "./codex-model-layout.js";

const str: ParamSchema = { type: "string" };
const num: ParamSchema = { type: "number" };
const bool: ParamSchema = { type: "boolean" };
const fn = (name: string, parameters: ParamSchema): FunctionToolDeclaration => ({ type: "function", name, parameters });

/** A grammar of our own for the stand-in freeform tools (Codex's grammars come with calibration). */
const STAND_IN_GRAMMAR = { type: "grammar", syntax: "lark", definition: "start: /[\\s\\S]+/\n" };

function custom(name: string, description: string): ToolDeclaration {
  return { type: "hosted", name, spec: { type: "custom", name, description, format: STAND_IN_GRAMMAR } };
}

function codeModeTools(layout: CodexModelLayout): ToolDeclaration[] {
  const exp = layout.tools.experimental;
  const functions: FunctionToolDeclaration[] = [
    fn("wait", obj({ cell_id: str, max_tokens: num, terminate: bool, yield_time_ms: num }, ["cell_id"])),
  ];
  const base = codexToolDeclarations({ sandbox: "read-only" } as PermissionsInfo).find(
    (d) => d.type === "function" && d.name === "request_user_input",
  );
  if (base && base.type === "function") functions.push(base);
  if (exp.includes("request_user_input_async"))
    functions.push(
      fn(
        "request_user_input_async",
        obj(
          {
            questions: { type: "array", items: obj({ options: { type: "array", items: str }, title: str }, ["title"]) },
          },
          ["questions"],
        ),
      ),
    );
  if (exp.includes("send_message_to_user_async"))
    functions.push(fn("send_message_to_user_async", obj({ message: str }, ["message"])));
  const out: ToolDeclaration[] = [{ type: "namespace", name: "functions", tools: functions }];
  if (exp.includes("clock"))
    out.push({ type: "namespace", name: "clock", tools: [fn("sleep", obj({ duration_ms: num }, ["duration_ms"]))] });
  if (layout.tools.multiAgent === "v2") {
    const target = obj({ message: str, target: str }, ["target", "message"]);
    out.push({
      type: "namespace",
      name: "collaboration",
      tools: [
        fn("followup_task", target),
        fn("interrupt_agent", obj({ target: str }, ["target"])),
        fn("list_agents", obj({ path_prefix: str })),
        fn("send_message", target),
        fn(
          "spawn_agent",
          obj({ fork_turns: str, message: str, model: str, reasoning_effort: str, task_name: str }, [
            "task_name",
            "message",
          ]),
        ),
        fn("wait_agent", obj({ timeout_ms: num })),
      ],
    });
  }
  return out;
}

/** The stand-in exec tool of code mode is a freeform tool; it is listed first in the `functions` namespace. */
export const CODE_MODE_EXEC_TOOL = "exec";

export function codexModelToolDeclarations(layout: CodexModelLayout, permissions: PermissionsInfo): ToolDeclaration[] {
  if (layout.tools.placement === "input-item") return codeModeTools(layout);
  const decls = codexToolDeclarations(permissions);
  if (layout.origin === "fallback") return decls;
  const out: ToolDeclaration[] = [];
  for (const d of decls) {
    if (d.type === "namespace" && d.name === "multi_agent_v1" && layout.tools.toolSearch) continue; // deferred behind tool_search
    if (d.type === "hosted" && d.name === "web_search") {
      if (layout.tools.toolSearch) {
        out.push({
          type: "hosted",
          name: "tool_search",
          spec: {
            type: "tool_search",
            execution: "client",
            description: "[stand-in] Find tools in the deferred namespaces by a search query.",
            parameters: {
              type: "object",
              properties: { limit: { type: "number" }, query: { type: "string" } },
              required: ["query"],
              additionalProperties: false,
            },
          },
        });
      }
      const spec =
        d.spec.type === "web_search" && layout.tools.webSearchType === "text_and_image"
          ? { ...d.spec, search_content_types: ["text", "image"] }
          : d.spec;
      out.push({ type: "hosted", name: "web_search", spec });
      continue;
    }
    out.push(d);
    if (d.type === "function" && d.name === "request_user_input" && layout.tools.applyPatch === "freeform")
      out.push(custom("apply_patch", "[stand-in] Edit files by applying a patch in the freeform patch format."));
  }
  return out;
}
