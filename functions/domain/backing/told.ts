import { formatCents } from '../campaigns/format';
import { fillText } from '../fill-text';
import { TEXT } from '../texts';
import { FOLLOW_TEXT, TOLD_TEXT } from './texts';

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
  /** The team's vote on milestone `number` completed the campaign and released nothing (escrow empty, or no split agreed). */
  | { kind: 'vote-completed'; number: number }
  /** The campaign reached its end date and completed. */
  | { kind: 'ended' }
  /** An admin completed the campaign. */
  | { kind: 'completed' }
  /** The campaign was cancelled: each person hears once every payment of theirs was refunded. */
  | { kind: 'cancelled' }
  /** One payment was refunded in full in the Stripe Dashboard: its payer hears. */
  | { kind: 'refunded'; paymentIntentId: string }
  /** The campaign ends within 48 hours (its last day `endDate`): its followers hear (docs/backing.md, "Following"). */
  | { kind: 'ending'; endDate: string };

export type ToldKind = ToldEvent['kind'];

/**
 * Who hears an event: the campaign's backers, its followers, or both — one audience, the union
 * de-duplicated by person, so someone in both hears once (docs/backing.md, "Following").
 */
export const TOLD_AUDIENCES = ['backers', 'followers'] as const;
export type ToldAudience = (typeof TOLD_AUDIENCES)[number];

/**
 * The audiences of each event. Followers hear of a milestone, of the end — on its date, by an admin,
 * or by the team's vote to complete (with its release or without) — of a cancellation, and, alone, of
 * the 48 hours before the end; a release that extends the campaign and a Dashboard refund are about
 * backers' money only. A cancellation tells its payers of their refund (refund rows) and the
 * followers who get no refund in a follower's words (docs/backing.md, "Following").
 */
export function toldAudiences(e: ToldEvent): readonly ToldAudience[] {
  switch (e.kind) {
    case 'milestone':
    case 'vote-completed':
    case 'ended':
    case 'completed':
    case 'cancelled':
      return TOLD_AUDIENCES;
    case 'released':
      return e.outcome === 'completed' ? TOLD_AUDIENCES : ['backers'];
    case 'ending':
      return ['followers'];
    default:
      return ['backers'];
  }
}

/** The notice's topic: the 48-hours notice opens the film page (where it is funded); the rest /backing. */
export const toldTopic = (e: ToldEvent): 'backing' | 'campaign-ending' =>
  e.kind === 'ending' ? 'campaign-ending' : 'backing';

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
    case 'vote-completed':
      return `told:${e.kind}:${campaignId}:${e.number}`;
    case 'refunded':
      return `told:refunded:${e.paymentIntentId}`;
    case 'ending':
      // Per end date: a campaign whose end moved later (an extension) is told again before its new end.
      return `told:ending:${campaignId}:${e.endDate}`;
    default:
      return `told:${e.kind}:${campaignId}`;
  }
}

/** What one person reads: the campaign's title, and for a refund what they were handed back. */
export interface ToldFor {
  title: string;
  /** They paid into it (false: they only follow it, and read a follower's words). */
  backed?: boolean;
  amountCents?: number;
  payments?: number;
}

/** The notice's (and the mail's) title and message of an event, for one person. */
export function toldText(e: ToldEvent, p: ToldFor): { title: string; message: string } {
  const title = p.title;
  const amount = formatCents(p.amountCents ?? 0);
  const follower = p.backed === false;
  switch (e.kind) {
    case 'milestone':
      return {
        title: follower ? FOLLOW_TEXT.milestoneTitle : TOLD_TEXT.milestoneTitle,
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
    case 'vote-completed':
      return {
        title: follower ? FOLLOW_TEXT.completedTitle : TOLD_TEXT.completedTitle,
        message: fillText(TOLD_TEXT.voteCompleted, { title, number: String(e.number) }),
      };
    case 'ended':
      return {
        title: TEXT.campaignEnded,
        message: fillText(follower ? FOLLOW_TEXT.ended : TEXT.campaignEndedBacker, { title }),
      };
    case 'completed':
      return {
        title: follower ? FOLLOW_TEXT.completedTitle : TOLD_TEXT.completedTitle,
        message: fillText(TOLD_TEXT.completed, { title }),
      };
    case 'ending':
      return { title: FOLLOW_TEXT.endingTitle, message: fillText(FOLLOW_TEXT.ending, { title, date: e.endDate }) };
    case 'cancelled':
      // A follower who paid nothing: no refund words.
      if (follower) return { title: FOLLOW_TEXT.cancelledTitle, message: fillText(FOLLOW_TEXT.cancelled, { title }) };
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

/**
 * The mail of an event: the notice's words and a link — a backer's to their payments, a follower's
 * to the campaigns they follow, the 48-hours notice's to the film page.
 */
export const toldMail = (
  text: { title: string; message: string },
  link: string,
  to: 'backer' | 'follower' | 'film' = 'backer',
) => ({
  subject: text.title,
  text: fillText(to === 'film' ? FOLLOW_TEXT.mailFilm : to === 'follower' ? FOLLOW_TEXT.mail : TOLD_TEXT.mail, {
    message: text.message,
    link,
  }),
});
