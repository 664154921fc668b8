// How a budgeted byte prefix of a document is decoded when the cut splits a UTF-8 character: Codex's lossy
// decode (U+FFFD) or a cut back to the character boundary. Types only (pure).

export type DecodeMode = "lossy" | "char-boundary";
