// Facts of pi 0.73.1's request that are not prose: tool names, per-API body constants, the markers of the system
// text (`# Project Context`, `## <path>`, the skills XML, the date and cwd lines). From its source and captures. Pure.
import { escapeXmlEntities } from "../xml-entities.js";

export const PI_VERSION = "0.73.1";
/** The default tool set, in order. */
export const PI_TOOL_NAMES = ["read", "bash", "edit", "write"] as const;
/** The default thinking level and what it becomes per API. */
export const PI_THINKING = { level: "medium", anthropicBudgetTokens: 8192 } as const;

/** `& < > " '` as XML entities (pi's skills listing). */
export const escapePiXml = escapeXmlEntities;
