// Wire format ids: which request body a profile posts. Each has a serialiser in compile/wire/serialize-body.ts;
// those promptc encodes from its own Responses-shaped request also have an encoder in compile/wire-formats.ts.
// Types only (pure).

/** Formats promptc's envelope compile writes from its internal Responses-shaped request. */
export type EnvelopeWireFormatId = "openai-responses";

export type WireFormatId =
  | EnvelopeWireFormatId
  /** OpenAI Chat Completions (`POST /chat/completions`). */
  | "openai-chat-completions"
  /** Anthropic Messages (`POST /v1/messages`): `system` blocks, `messages`, cache breakpoints. */
  | "anthropic-messages"
  /** Gemini `generateContent` / `streamGenerateContent`: `systemInstruction`, `contents`. */
  | "gemini-generate-content"
  /** pi's body for the API its configured provider speaks (one of the formats above, chosen per turn). */
  | "pi-provider";

/** Formats of a body as posted: `pi-provider` is resolved to the provider's own format. */
export type PostedWireFormatId = Exclude<WireFormatId, "pi-provider">;
