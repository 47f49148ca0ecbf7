/** A JSON Schema object, as MCP's `inputSchema` and `outputSchema` and function-calling APIs take it. */
export type JsonSchema = { [key: string]: unknown };
