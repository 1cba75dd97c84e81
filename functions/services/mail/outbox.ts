import { type Actor, authorize } from '../../auth/authorize';
import { notFound } from '../../http/errors';
import { listOutbox } from '../../platform/outbox';
import type { Services } from '../../platform/services';

/**
 * The local mail outbox (/dev/outbox): every mail the local server "sent", newest first. Open to
 * anyone on purpose — it exists only with ENVIRONMENT=local, where it stands in for an inbox.
 */
export async function readOutbox(
  services: Pick<Services, 'kv' | 'config'>,
  actor: Actor,
  filter: { to?: string } = {},
) {
  authorize(actor, 'public');
  if (!services.config.isLocal) throw notFound('No such endpoint');
  return listOutbox(services.kv, filter);
}
