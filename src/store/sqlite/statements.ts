// Named statements of one role, prepared once per connection on first use; driver faults
// become the store's vocabulary (errors.ts).
import type Database from "better-sqlite3";
import { asStoreError } from "./errors.js";

export class Statements<K extends string> {
  private prepared?: Record<K, Database.Statement>;

  constructor(
    private readonly db: Database.Database,
    private readonly sql: Readonly<Record<K, string>>,
  ) {}

  all<T>(name: K, args: readonly unknown[]): T[] {
    return this.run(() => this.statement(name).all(...args) as T[]);
  }

  get<T>(name: K, args: readonly unknown[]): T | undefined {
    return this.run(() => this.statement(name).get(...args) as T | undefined);
  }

  private statement(name: K): Database.Statement {
    this.prepared ??= Object.fromEntries(
      Object.entries(this.sql).map(([key, text]) => [key, this.db.prepare(text as string)]),
    ) as Record<K, Database.Statement>;
    return this.prepared[name];
  }

  private run<T>(work: () => T): T {
    try {
      return work();
    } catch (error) {
      throw asStoreError(error);
    }
  }
}
