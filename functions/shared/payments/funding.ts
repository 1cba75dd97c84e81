export interface FundingShare {
  username: string;
  role: string;
  permille: number;
}

/** The public face of a campaign's funding: what the fund and donate pages show. */
export interface CampaignFunding {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  status: string;
  /** Live and not voting: the only state that takes money. */
  takingPayments: boolean;
  raisedCents: number;
  goalCents: number;
  feePercent: number;
  /** The originator first, then approved members: each one's share of the gross. */
  shares: FundingShare[];
}

/** The funding view of a campaign row (with its film's title and owner's username) and its approved members. */
export function fundingFrom(
  row: {
    id: string;
    movieId: string;
    filmTitle: string;
    status: string;
    extensionPending: boolean;
    raised: number;
    goal: number;
    fee: number;
    originatorShare: number;
    owner: string | null;
  },
  members: { username: string | null; role: string; permille: number }[],
): CampaignFunding {
  return {
    campaignId: row.id,
    movieId: row.movieId,
    filmTitle: row.filmTitle,
    status: row.status,
    takingPayments: row.status === 'live' && !row.extensionPending,
    raisedCents: row.raised,
    goalCents: row.goal,
    feePercent: row.fee,
    shares: [
      { username: row.owner ?? 'Originator', role: 'Originator', permille: row.originatorShare },
      ...members.map((m) => ({ username: m.username ?? 'Team member', role: m.role, permille: m.permille })),
    ],
  };
}
