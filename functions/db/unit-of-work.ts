import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';

type Statement = BatchItem<'sqlite'>;

/**
 * Collects the statements of one change and writes them in a single atomic `db.batch` (D1 has no
 * interactive transactions). Side effects that must follow the write — a live push to a user's
 * open tabs — are registered with `afterCommit` and run only once the batch succeeded, best-effort.
 */
export class UnitOfWork {
  private readonly statements: Statement[] = [];
  private readonly effects: Array<(results: unknown[]) => Promise<unknown>> = [];

  constructor(readonly db: Db) {}

  add(...statements: Statement[]): this {
    this.statements.push(...statements);
    return this;
  }

  /** `effect` gets every statement's result, as commit returns them. */
  afterCommit(effect: (results: unknown[]) => Promise<unknown>): this {
    this.effects.push(effect);
    return this;
  }

  get size() {
    return this.statements.length;
  }

  /** Writes everything or nothing; returns each statement's result in order. */
  async commit(): Promise<unknown[]> {
    const [first, ...rest] = this.statements;
    const results = first ? await this.db.batch([first, ...rest]) : [];
    await Promise.all(
      this.effects.map((effect) =>
        effect(results).catch((err) => console.error('after-commit effect failed (the write stands):', err)),
      ),
    );
    return results;
  }
}
