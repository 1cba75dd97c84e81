/**
 * The texts of milestones: the extension vote, its dialog and its notifications. Browser code
 * imports the module of its feature; the server may use `TEXT`, which includes them all.
 */
export const VOTE_TEXT = {
  voteRecorded: 'Vote Recorded',
  voteRecordedExtend: 'You voted to extend the campaign to its next milestone.',
  voteRecordedComplete: 'You voted to complete the campaign.',
  voteFailed: 'Error: Failed to record your vote. Please try again.',
  closingReleaseTitle: 'Campaign completed: funds released',
  closingReleaseMessage:
    '"{title}" was completed. The {amount} it held was released to the team by share; payouts follow.',
  voteNotOpen: 'There is no extension vote open for this campaign.',
  voteAlreadyCast: 'You have already voted in this round; a vote cannot be changed.',
  voteOwnOnly: 'You can only cast your own vote.',
  voteMembersOnly: 'Only the campaign team votes on extending it.',
  voteTeamLocked: 'The team cannot change while it votes on extending the campaign.',
  voteInProgress: 'The team is voting on extending this campaign: only an admin may cancel it until the vote ends.',
  milestoneReachedTitle: 'Milestone reached: your vote is needed',
  milestoneReachedMessage:
    '"{title}" reached its {goal} goal (milestone {number}). Payments are paused: vote to extend to the next milestone or complete the campaign.',
  voteExtendedTitle: 'The team voted to extend',
  voteExtendedMessage: '"{title}" continues to its next goal of {goal}. Payments have resumed.',
  voteCompletedTitle: 'The campaign is complete',
  voteCompletedMessage: 'The team voted to complete "{title}" at milestone {number}.',
  voteExtendPastEnd:
    'The team voted to extend "{title}", but its end date has passed, so it is complete. To continue, the owner sets a new end date, which the team and an admin approve again.',
} as const;
