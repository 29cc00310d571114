// filled in by the MCP door
