// The `update_plan` tool: the model records its step list; the plan is shown to the user through events. No IO.
import type { ToolDefinition } from "../tool.js";
import { PROMPTC_TOOLS } from "../../profiles/promptc-tools.js";
import { toolSpecFields } from "./tool-spec-fields.js";

export type PlanStatus = "pending" | "in_progress" | "completed";

export interface UpdatePlanArgs {
  explanation?: string;
  plan: { step: string; status: PlanStatus }[];
}

export function createUpdatePlanTool(): ToolDefinition<UpdatePlanArgs> {
  return {
    ...toolSpecFields(PROMPTC_TOOLS.update_plan),
    async execute(args) {
      const active = args.plan.filter((s) => s.status === "in_progress").length;
      if (active > 1) return { output: `at most one step may be in_progress (got ${active})`, success: false };
      return { output: "Plan updated", success: true };
    },
  };
}
