// Minimal typings for the parts of better-sqlite3 12.x the store uses (no @types package is installed).
declare module 'better-sqlite3' {
  namespace Database {
    interface RunResult {
      changes: number;
      lastInsertRowid: number | bigint;
    }
    interface Statement<P extends unknown[] = unknown[], R = unknown> {
      run(...params: P): RunResult;
      get(...params: P): R | undefined;
      all(...params: P): R[];
    }
    interface Transaction<F extends (...args: never[]) => unknown> {
      (...args: Parameters<F>): ReturnType<F>;
      immediate(...args: Parameters<F>): ReturnType<F>;
      deferred(...args: Parameters<F>): ReturnType<F>;
      exclusive(...args: Parameters<F>): ReturnType<F>;
    }
    interface Options {
      readonly?: boolean;
      fileMustExist?: boolean;
      timeout?: number;
    }
    interface Database {
      readonly open: boolean;
      readonly name: string;
      prepare<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R>;
      exec(sql: string): Database;
      pragma(source: string, options?: { simple?: boolean }): unknown;
      transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F>;
      close(): Database;
    }
  }
  interface DatabaseConstructor {
    new (filename: string, options?: Database.Options): Database.Database;
  }
  const Database: DatabaseConstructor;
  export = Database;
}
