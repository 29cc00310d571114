export {
  createMcpServer, mcpCalls, type McpCalls, fitText, MCP_SERVER_NAME, MCP_SERVER_VERSION, MAX_ITEMS, MAX_TEXT_CHARS, DEFAULT_WAIT_S, MAX_WAIT_S, FIRST_PAUSE_MS, MAX_PAUSE_MS,
  type McpServerOptions,
} from './server';
export { mcpTools, listedTools, toolsListJson, commandSchemas, portable, SCHEMA_TOOL, SCHEMA_URI_PREFIX, type McpTool, type ToolAnnotations } from './schemas';
export { clientBackend } from './client-backend';
export { ResultStore } from './result-store';
export type { McpBackend, Outcome, SolveArgs, Json } from './backend';
export { serveStdio, serveStdioBackend, type StdioOptions } from './stdio';
export { StdioTransport, MAX_LINE_BYTES } from './stdio-transport';
