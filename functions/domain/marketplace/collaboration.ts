/**
 * Collaboration requests and collaborations (docs/marketplace.md): a request waits for the
 * listing's author, who accepts (a collaboration) or declines; each side of a collaboration agrees,
 * either may withdraw before both have; when both have, it is agreed. Pure, shared by the API and the pages.
 */
export const REQUEST_STATUSES = ['waiting', 'declined', 'accepted', 'withdrawn', 'agreed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** A request still open: one per person and listing (a partial unique index holds it). */
export const OPEN_REQUEST_STATUSES = ['waiting', 'accepted'] as const satisfies readonly RequestStatus[];

export const REQUEST_STATUS_LABEL: Record<RequestStatus, string> = {
  waiting: 'Waiting for an answer',
  declined: 'Declined',
  accepted: 'Collaboration: agreeing on the terms',
  withdrawn: 'Withdrawn',
  agreed: 'Agreed by both',
};

/** Which side of a collaboration a person is. */
export type CollaborationSide = 'author' | 'requester';
