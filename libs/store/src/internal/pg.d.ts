// Minimal typings for the parts of node-postgres (`pg` 8.x) the store uses (no @types package is
// installed, as for better-sqlite3).
declare module 'pg' {
  namespace pg {
    interface QueryResult<R> {
      rows: R[];
      rowCount: number | null;
    }
    interface DatabaseError extends Error {
      /** The SQLSTATE, e.g. `40001` (serialization failure), `40P01` (deadlock). */
      code?: string;
    }
    interface TypeParsers {
      getTypeParser(oid: number, format?: string): (value: string) => unknown;
    }
    interface ClientConfig {
      connectionString?: string;
      host?: string;
      port?: number;
      user?: string;
      database?: string;
      application_name?: string;
      connectionTimeoutMillis?: number;
      types?: TypeParsers;
    }
    interface PoolConfig extends ClientConfig {
      max?: number;
      idleTimeoutMillis?: number;
      allowExitOnIdle?: boolean;
    }
    interface Queryable {
      query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>>;
    }
    interface PoolClient extends Queryable {
      release(err?: Error | boolean): void;
      on(event: 'error', listener: (err: Error) => void): this;
    }
    class Pool implements Queryable {
      constructor(config?: PoolConfig);
      query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>>;
      connect(): Promise<PoolClient>;
      end(): Promise<void>;
      on(event: 'error', listener: (err: Error) => void): this;
      on(event: 'connect', listener: (client: PoolClient) => void): this;
      readonly totalCount: number;
    }
    class Client implements Queryable {
      constructor(config?: ClientConfig);
      query<R = Record<string, unknown>>(text: string, values?: readonly unknown[]): Promise<QueryResult<R>>;
      connect(): Promise<void>;
      end(): Promise<void>;
    }
    const types: TypeParsers;
  }
  export = pg;
}
