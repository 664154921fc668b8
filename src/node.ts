// Node entry: the real Host and the loaders that turn a directory into a TurnContext. Does IO.
export type * from "./host/host.js";
