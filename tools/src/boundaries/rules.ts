/**
 * The "may import" column of ARCHITECTURE.md as tag constraints: a project may depend only on
 * projects carrying one of the tags allowed for EVERY tag it has (ESLint module-boundaries semantics).
 */
export const DEP_CONSTRAINTS: Record<string, readonly string[]> = {
  'type:util': [],
  'type:contract': ['type:util'],
  // The certificate checkers (@svc/certificates) read the request JSON themselves: no engine, no
  // service; of contracts only the dependency-free tsplib module (the boundaries test keeps them to it).
  'type:checker': ['type:contract'],
  // The engines import nothing outside themselves but the list of command names and the TSPLIB
  // distances, which contracts owns (@svc/contracts/command-names and @svc/contracts/tsplib, files
  // that import nothing: one copy for every lib; the boundaries test keeps the engines to them).
  'layer:leaf': ['scope:command-names'],
  'type:engine': ['type:engine', 'scope:command-names'],
  'type:store': ['type:contract', 'type:util'],
  'type:service': ['type:contract', 'type:util', 'type:engine', 'type:store', 'type:checker'],
  'type:client': ['type:contract', 'type:util'],
  'type:app': ['type:service', 'type:client', 'type:contract', 'type:util', 'type:door', 'type:checker'],
  'app:server': ['type:service', 'type:contract', 'type:util'],
  // A front door beside HTTP (MCP, gRPC), hosted by the HTTP app's process.
  'type:door': ['type:service', 'type:client', 'type:contract', 'type:util'],
  // The MCP factory runs inside `svc mcp` too, so it reaches the service only through the client.
  'app:mcp': ['type:client', 'type:contract', 'type:util'],
  'app:grpc': ['type:service', 'type:contract', 'type:util'],
  'app:cli': ['type:client', 'type:contract', 'type:util', 'door:stdio-safe', 'type:checker'],
  'type:tools': ['*'],
};

export interface GraphProject { name: string; tags: string[] }

/** Returns one message per dependency edge that breaks a constraint (or a project with no known tag). */
export function boundaryViolations(projects: GraphProject[], deps: Record<string, string[]>): string[] {
  const tagsOf = new Map(projects.map((p) => [p.name, p.tags]));
  const out: string[] = [];
  for (const p of projects) {
    const constrained = p.tags.filter((t) => t in DEP_CONSTRAINTS);
    if (constrained.length === 0) out.push(`${p.name}: no constrained tag (has ${p.tags.join(', ') || 'none'})`);
    for (const target of deps[p.name] ?? []) {
      const targetTags = tagsOf.get(target);
      if (!targetTags) continue; // npm packages, not workspace projects
      for (const tag of constrained) {
        const allowed = DEP_CONSTRAINTS[tag];
        if (!allowed.includes('*') && !targetTags.some((t) => allowed.includes(t))) {
          out.push(`${p.name} (${tag}) may not depend on ${target} (${targetTags.join(', ')})`);
        }
      }
    }
  }
  return out;
}
