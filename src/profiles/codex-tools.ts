// The tool list Codex 0.171.0 sends (names, order and parameter schemas as observed; prose comes from
// templates/codex/tools). Pure data.
import type { PermissionsInfo } from "../model/turn-context.js";
import { obj, type FunctionToolDeclaration, type ParamSchema, type ToolDeclaration } from "./tool-declaration.js";

const str: ParamSchema = { type: "string" };
const num: ParamSchema = { type: "number" };
const bool: ParamSchema = { type: "boolean" };
const strArray: ParamSchema = { type: "array", items: str };

const inputItems: ParamSchema = {
  type: "array",
  items: {
    type: "object",
    properties: { audio_url: str, image_url: str, name: str, path: str, text: str, type: str },
    additionalProperties: false,
  },
};

const fn = (name: string, parameters: ParamSchema): FunctionToolDeclaration => ({ type: "function", name, parameters });

/** Built-in tools in the order Codex pushes them; web_search's live access follows the sandbox's network. */
export function codexToolDeclarations(permissions: PermissionsInfo): ToolDeclaration[] {
  const fullNetwork = permissions.sandbox === "danger-full-access";
  return [
    fn(
      "exec_command",
      obj(
        {
          cmd: str,
          justification: str,
          login: bool,
          max_output_tokens: num,
          prefix_rule: strArray,
          sandbox_permissions: { type: "string", enum: ["use_default", "require_escalated"] },
          shell: str,
          tty: bool,
          workdir: str,
          yield_time_ms: num,
        },
        ["cmd"],
      ),
    ),
    fn("write_stdin", obj({ chars: str, max_output_tokens: num, session_id: num, yield_time_ms: num }, ["session_id"])),
    fn(
      "request_user_input",
      obj(
        {
          questions: {
            type: "array",
            items: obj(
              {
                header: str,
                id: str,
                options: { type: "array", items: obj({ description: str, label: str }, ["label", "description"]) },
                question: str,
              },
              ["id", "header", "question", "options"],
            ),
          },
        },
        ["questions"],
      ),
    ),
    fn("view_image", obj({ path: str }, ["path"])),
    {
      type: "namespace",
      name: "multi_agent_v1",
      tools: [
        fn("close_agent", obj({ target: str }, ["target"])),
        fn("resume_agent", obj({ id: str }, ["id"])),
        fn("send_input", obj({ interrupt: bool, items: inputItems, message: str, target: str }, ["target"])),
        fn(
          "spawn_agent",
          obj({ fork_context: bool, items: inputItems, message: str, model: str, reasoning_effort: str }),
        ),
        fn("wait_agent", obj({ targets: strArray, timeout_ms: num }, ["targets"])),
      ],
    },
    fn("get_goal", obj({}, [])),
    fn("create_goal", obj({ objective: str, token_budget: { type: "integer" } }, ["objective"])),
    fn("update_goal", obj({ status: { type: "string", enum: ["complete", "blocked", "paused"] } }, ["status"])),
    { type: "hosted", name: "web_search", spec: { type: "web_search", external_web_access: fullNetwork } },
  ];
}
