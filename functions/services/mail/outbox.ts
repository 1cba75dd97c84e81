import { type Actor, authorize } from '../../auth/authorize';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { outboxQuery } from '../../domain/mail/input';
import type { Deps } from '../../platform/deps';
import { listOutbox } from '../../platform/outbox';

/**
 * The local mail outbox (/dev/outbox): every mail the local server "sent", newest first. Open to
 * anyone on purpose — it exists only with ENVIRONMENT=local, where it stands in for an inbox.
 */
export async function readOutbox(deps: Pick<Deps, 'kv' | 'config'>, actor: Actor, filter: { to?: string } = {}) {
  authorize(actor, 'outbox.read-local');
  filter = parseInput(outboxQuery, filter);
  if (!deps.config.isLocal) throw notFound('No such endpoint');
  return listOutbox(deps.kv, filter);
}
