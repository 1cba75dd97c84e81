import { type Actor, authorize } from '../../auth/authorize';
import { statementYearInput } from '../../domain/backing/input';
import { backingStatementCsv, backingStatementFileName } from '../../domain/backing/statement';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { backedPayments } from './internal/payments';
import { paymentsOf } from './internal/whose';

/** The signed-in backer's payments of one year as a CSV download (their own payments: the same as /backing). */
export async function myBackingStatementCsv({ db }: Pick<Deps, 'db'>, actor: Actor, input: { year: number | string }) {
  const viewer = authorize(actor, 'backing.read-own');
  const { year } = parseInput(statementYearInput, input);
  const payments = await backedPayments(db, await paymentsOf(db, viewer));
  return { csv: backingStatementCsv(payments, year), fileName: backingStatementFileName(year) };
}
