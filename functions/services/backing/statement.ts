import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions } from '../../db/schema';
import { statementYearInput } from '../../domain/backing/input';
import { backingStatementCsv, backingStatementFileName } from '../../domain/backing/statement';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { backedPayments } from './internal/payments';

/** The signed-in backer's payments of one year as a CSV download (their own payments only). */
export async function myBackingStatementCsv({ db }: Pick<Deps, 'db'>, actor: Actor, input: { year: number | string }) {
  const viewer = authorize(actor, 'backing.read-own');
  const { year } = parseInput(statementYearInput, input);
  const payments = await backedPayments(db, eq(checkoutSessions.payerId, viewer.userId));
  return { csv: backingStatementCsv(payments, year), fileName: backingStatementFileName(year) };
}
