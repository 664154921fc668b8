// The `update_plan` tool: the model records its step list; the plan is shown to the user through events. No IO.
import type { ToolDefinition } from "../tool.js";

export type PlanStatus = "pending" | "in_progress" | "completed";

export interface UpdatePlanArgs {
  explanation?: string;
  plan: { step: string; status: PlanStatus }[];
}

export function createUpdatePlanTool(): ToolDefinition<UpdatePlanArgs> {
  return {
    name: "update_plan",
    kind: "plan",
    description: "Record the current plan as a list of short steps, each pending, in_progress or completed (at most one in_progress).",
    parameters: {
      type: "object",
      properties: {
        explanation: { type: "string" },
        plan: {
          type: "array",
          items: {
            type: "object",
            properties: { step: { type: "string", minLength: 1 }, status: { enum: ["pending", "in_progress", "completed"] } },
            required: ["step", "status"],
            additionalProperties: false,
          },
        },
      },
      required: ["plan"],
      additionalProperties: false,
    },
    async execute(args) {
      const active = args.plan.filter((s) => s.status === "in_progress").length;
      if (active > 1) return { output: `at most one step may be in_progress (got ${active})`, success: false };
      return { output: "Plan updated", success: true };
    },
  };
}
