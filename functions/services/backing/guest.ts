import { and, isNotNull } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { guestLinkUrl, signGuestLink, verifyGuestLink } from '../../domain/backing/guest-link';
import { backingLinkInput, guestTokenInput } from '../../domain/backing/input';
import { GUEST_LINK_TEXT } from '../../domain/backing/texts';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { assembleBacking, type MyBacking } from './internal/assemble';
import { backedPayments } from './internal/payments';
import { guestPaymentsOf } from './internal/whose';

/**
 * A guest's payments, for whoever holds the signed link the guest was mailed (/backing/<token>):
 * null when the token is altered, malformed or expired (docs/backing.md).
 */
export async function guestBacking(
  { db, config, clock }: Pick<Deps, 'db' | 'config' | 'clock'>,
  actor: Actor,
  token: string,
): Promise<{ email: string; backing: MyBacking } | null> {
  authorize(actor, 'backing.read-guest');
  const input = guestTokenInput.safeParse({ token });
  if (!input.success) return null;
  const email = await verifyGuestLink(config.AUTH_SECRET, input.data.token, clock.now());
  if (!email) return null;
  return { email, backing: await assembleBacking(db, await backedPayments(db, guestPaymentsOf(email))) };
}

/**
 * A guest asks for a new link by typing their email. The answer is the same whether or not the
 * address paid (the route limits requests per address and per email); only an address with guest
 * payments is mailed, once per link-day (the mail's key).
 */
export async function requestBackingLink(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'followUps'>,
  actor: Actor,
  input: { email: string },
): Promise<void> {
  authorize(actor, 'backing.request-link');
  const { email: raw } = parseInput(backingLinkInput, input);
  const email = raw.trim().toLowerCase();
  const paid = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(guestPaymentsOf(email), isNotNull(checkoutSessions.paymentIntentId)))
    .limit(1)
    .get();
  if (!paid) return;
  const now = deps.clock.now();
  const link = guestLinkUrl(deps.config.PUBLIC_URL, await signGuestLink(deps.config.AUTH_SECRET, email, now));
  await new UnitOfWork(deps, null)
    .owe(
      'mail',
      { to: email, subject: GUEST_LINK_TEXT.mailSubject, text: fillText(GUEST_LINK_TEXT.mailText, { link }) },
      { key: `backing-link:${email}:${now.toISOString().slice(0, 10)}` },
    )
    .commit();
}
