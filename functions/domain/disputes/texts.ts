/**
 * The texts of card disputes (docs/money.md, "Disputes"): the team's and admins' notice and mail.
 * The SPEC gives none: plain words. Placeholders are filled with fillText.
 */
export const DISPUTE_TEXT = {
  disputeTitle: 'Payment disputed',
  disputeHeldMessage:
    'A payment of {amount} to "{campaign}" is disputed by the payer\'s card issuer. The amount is held apart from escrow until the issuer decides.',
  disputeOwedMessage:
    'A payment of {amount} to "{campaign}" is disputed by the payer\'s card issuer. It was already released to the team, so the campaign owes it until the issuer decides.',
  disputeMailSubject: 'A payment to "{campaign}" is disputed',
  disputeMailText: "{message}\n\nThe campaign's payments and figures: {link}\n\n— Reelfund",
  disputeWonTitle: 'Dispute won',
  disputeWonHeldMessage:
    'The dispute of a payment of {amount} to "{campaign}" was decided for the campaign. The amount is back in escrow.',
  disputeWonOwedMessage:
    'The dispute of a payment of {amount} to "{campaign}" was decided for the campaign. The campaign no longer owes it.',
  disputeLostTitle: 'Dispute lost',
  disputeLostMessage:
    'The dispute of a payment of {amount} to "{campaign}" was decided for the payer. The amount went back to the payer\'s card, with a card dispute fee of {fee}.',
  disputeClosedMailSubject: 'The dispute of a payment to "{campaign}" is decided',
} as const;
