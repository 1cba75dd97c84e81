/**
 * The texts of the team editor: adding and removing members. Browser code imports the module of its
 * feature; the server may use `TEXT`, which includes them all.
 */
export const TEAM_TEXT = {
  selectUser: 'Please select a user',
  addContributorFailed: 'Failed to add contributor',
  contributorAdded: 'Contributor added successfully and notified',
  removeContributorFailed: 'Failed to remove contributor',
  contributorRemoved: 'Contributor removed and shares recalculated',
} as const;
