export { createMcpServer, MCP_SERVER_NAME, MCP_SERVER_VERSION, MAX_ITEMS, DEFAULT_WAIT_S, MAX_WAIT_S, type McpServerOptions } from './server';
export { mcpTools, portable, type McpTool } from './schemas';
export { clientBackend } from './client-backend';
export { ResultStore } from './result-store';
export type { McpBackend, Outcome, SolveArgs, Json } from './backend';
export { serveStdio } from './stdio';
