/** A JSON Schema object, as MCP servers and our widgets give them. Plain data: no validation here. */
export type JsonSchema = Record<string, unknown>;
