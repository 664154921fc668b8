// Incremental Server-Sent Events parser: text chunks in, complete events out (WHATWG rules). Pure.
// Lines the SSE grammar does not know are reported with the raw line instead of being dropped silently.

export interface SseMessage {
  /** `event:` field, "message" when absent. */
  event: string;
  /** `data:` lines joined with "\n". */
  data: string;
  id?: string;
  /** The raw lines that made up this event, for error reports. */
  raw: string;
}

export interface SseProblem {
  raw: string;
  reason: string;
}

export interface SseChunkResult {
  messages: SseMessage[];
  problems: SseProblem[];
}

export interface SseParser {
  push(chunk: string): SseChunkResult;
  /** Flush at end of stream: a final event without its blank line is still dispatched. */
  end(): SseChunkResult;
}

/** One SSE line may never exceed this; a server that never sends a newline cannot exhaust memory. */
export const SSE_MAX_LINE_CHARS = 16 * 1024 * 1024;

const KNOWN_FIELDS = new Set(["data", "event", "id", "retry"]);

export function createSseParser(): SseParser {
  let buffer = "";
  let data: string[] = [];
  let event = "";
  let id: string | undefined;
  let rawLines: string[] = [];
  let sawFirstLine = false;

  function dispatch(out: SseChunkResult): void {
    if (data.length > 0) {
      out.messages.push({
        event: event || "message",
        data: data.join("\n"),
        raw: rawLines.join("\n"),
        ...(id === undefined ? {} : { id }),
      });
    }
    data = [];
    event = "";
    rawLines = [];
  }

  function processLine(line: string, out: SseChunkResult): void {
    if (!sawFirstLine) {
      sawFirstLine = true;
      if (line.startsWith("\uFEFF")) line = line.slice(1);
    }
    if (line === "") return dispatch(out);
    if (line.startsWith(":")) return; // comment / keep-alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (!KNOWN_FIELDS.has(field)) {
      out.problems.push({ raw: line, reason: `unknown SSE field "${field.slice(0, 40)}"` });
      return;
    }
    rawLines.push(line);
    if (field === "data") data.push(value);
    else if (field === "event") event = value;
    else if (field === "id" && !value.includes("\0")) id = value;
    // `retry` is a reconnection hint for EventSource; this client does not reconnect.
  }

  function drain(final: boolean): SseChunkResult {
    const out: SseChunkResult = { messages: [], problems: [] };
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // A CR at the very end of a chunk may be the first half of CRLF: wait for more input.
      if (c === 13 && i === buffer.length - 1 && !final) break;
      processLine(buffer.slice(start, i), out);
      if (c === 13 && buffer.charCodeAt(i + 1) === 10) i++;
      start = i + 1;
    }
    buffer = buffer.slice(start);
    if (buffer.length > SSE_MAX_LINE_CHARS) {
      out.problems.push({
        raw: buffer.slice(0, 200),
        reason: `SSE line longer than ${SSE_MAX_LINE_CHARS} characters dropped`,
      });
      buffer = "";
    }
    if (final) {
      if (buffer !== "") processLine(buffer, out);
      buffer = "";
      dispatch(out);
    }
    return out;
  }

  return {
    push(chunk) {
      buffer += chunk;
      return drain(false);
    },
    end() {
      return drain(true);
    },
  };
}
