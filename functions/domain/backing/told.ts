import { formatCents } from '../campaigns/format';
import { fillText } from '../fill-text';
import { TEXT } from '../texts';
import { TOLD_TEXT } from './texts';

/**
 * What the backers of a campaign are told (docs/backing.md, "Told"): one notice (signed in) and one
 * mail (everyone) per event and person, however many payments they made or however often the event
 * was announced.
 */
export type ToldEvent =
  /** Raised reached the goal: milestone `number` was reached and its team votes. */
  | { kind: 'milestone'; number: number; goalCents: number }
  /** The team's vote on milestone `number` released `amountCents` from escrow. */
  | { kind: 'released'; number: number; amountCents: number; outcome: 'extended' | 'completed'; goalCents: number }
  /** The campaign reached its end date and completed. */
  | { kind: 'ended' }
  /** An admin completed the campaign. */
  | { kind: 'completed' }
  /** The campaign was cancelled: each person hears once every payment of theirs was refunded. */
  | { kind: 'cancelled' }
  /** One payment was refunded in full in the Stripe Dashboard: its payer hears. */
  | { kind: 'refunded'; paymentIntentId: string };

export type ToldKind = ToldEvent['kind'];

/**
 * Who hears an event. Today only the campaign's backers; issue 49 adds 'followers', a second
 * audience of the same path (a person in both hears once: the notice and mail keys are per person).
 */
export const TOLD_AUDIENCES = ['backers'] as const;
export type ToldAudience = (typeof TOLD_AUDIENCES)[number];

/** The events about money handed back: told from the refund rows, each person once all theirs are made. */
export const isRefundEvent = (e: ToldEvent): e is Extract<ToldEvent, { kind: 'cancelled' | 'refunded' }> =>
  e.kind === 'cancelled' || e.kind === 'refunded';

/**
 * The event's key: the follow-up that tells it, and (with the person) each notice's id and each
 * mail's idempotency key.
 */
export function toldKey(campaignId: string, e: ToldEvent): string {
  switch (e.kind) {
    case 'milestone':
    case 'released':
      return `told:${e.kind}:${campaignId}:${e.number}`;
    case 'refunded':
      return `told:refunded:${e.paymentIntentId}`;
    default:
      return `told:${e.kind}:${campaignId}`;
  }
}

/** What one person reads: the campaign's title, and for a refund what they were handed back. */
export interface ToldFor {
  title: string;
  amountCents?: number;
  payments?: number;
}

/** The notice's (and the mail's) title and message of an event, for one person. */
export function toldText(e: ToldEvent, p: ToldFor): { title: string; message: string } {
  const title = p.title;
  const amount = formatCents(p.amountCents ?? 0);
  switch (e.kind) {
    case 'milestone':
      return {
        title: TOLD_TEXT.milestoneTitle,
        message: fillText(TOLD_TEXT.milestone, { title, number: String(e.number), goal: formatCents(e.goalCents) }),
      };
    case 'released':
      return {
        title: TOLD_TEXT.releasedTitle,
        message: fillText(e.outcome === 'extended' ? TOLD_TEXT.releasedExtended : TOLD_TEXT.releasedCompleted, {
          title,
          number: String(e.number),
          amount: formatCents(e.amountCents),
          goal: formatCents(e.goalCents),
        }),
      };
    case 'ended':
      return { title: TEXT.campaignEnded, message: fillText(TEXT.campaignEndedBacker, { title }) };
    case 'completed':
      return { title: TOLD_TEXT.completedTitle, message: fillText(TOLD_TEXT.completed, { title }) };
    case 'cancelled':
      return {
        title: TEXT.refundedTitle,
        message:
          (p.payments ?? 1) > 1
            ? fillText(TOLD_TEXT.refundedCancelledMany, { count: String(p.payments), amount, campaign: title })
            : fillText(TEXT.refundedCancelled, { amount, campaign: title }),
      };
    case 'refunded':
      return { title: TEXT.refundedTitle, message: fillText(TEXT.refundedAtStripe, { amount, campaign: title }) };
  }
}

/** The mail of an event: the notice's words and the link to the person's payments. */
export const toldMail = (text: { title: string; message: string }, link: string) => ({
  subject: text.title,
  text: fillText(TOLD_TEXT.mail, { message: text.message, link }),
});
