/** The part of sql.js (1.17) the files Worker uses; sql.js ships no types of its own. */
declare module 'sql.js/dist/sql-wasm-inline.js' {
  export type SqlJsValue = string | number | Uint8Array | null;
  export interface Statement {
    bind(values?: SqlJsValue[]): boolean;
    step(): boolean;
    get(): SqlJsValue[];
    getColumnNames(): string[];
    run(values?: SqlJsValue[]): void;
    reset(): void;
    free(): boolean;
  }
  export interface StatementIterator extends IterableIterator<Statement> {
    getRemainingSQL(): string;
  }
  export interface Database {
    exec(sql: string): {columns: string[]; values: SqlJsValue[][]}[];
    run(sql: string, values?: SqlJsValue[]): Database;
    prepare(sql: string): Statement;
    iterateStatements(sql: string): StatementIterator;
  }
  export interface SqlJsStatic {
    Database: new () => Database;
  }
  const initSqlJs: (config?: Record<string, unknown>) => Promise<SqlJsStatic>;
  export default initSqlJs;
}
