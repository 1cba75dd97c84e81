import { ADMIN_PAGE, type PageExpectation, SIGNED_IN_PAGE } from '../types';

// Invited team members open the campaign screens before they are creators, so these pages admit any
// signed-in user; every read and action behind them checks ownership, membership or admin.
const invited = { ...SIGNED_IN_PAGE, member: 'page' } as const;

const rows: PageExpectation[] = [
  {
    page: '/contributor/edit/:id/campaign',
    path: (f) => `/contributor/edit/${f.movieId}/campaign?invitation=true`,
    expect: invited,
  },
  {
    page: '/contributor/edit-campaign/:id',
    path: (f) => `/contributor/edit-campaign/${f.campaignId}?invitation=true`,
    expect: invited,
  },
  {
    page: '/contributor/campaign-progress/:id',
    path: (f) => `/contributor/campaign-progress/${f.campaignId}?invitation=true`,
    expect: invited,
  },
  {
    page: '/contributor/campaign-analytics/:campaignId',
    path: (f) => `/contributor/campaign-analytics/${f.campaignId}`,
    expect: invited,
  },
  {
    page: '/contributor/coin-analytics/:campaignId',
    path: (f) => `/contributor/coin-analytics/${f.campaignId}`,
    expect: invited,
  },
  // An invitation never opens the admin path, whatever its query says.
  {
    page: '/admin/edit/:id/campaign',
    path: (f) => `/admin/edit/${f.movieId}/campaign?invitation=true`,
    expect: { ...ADMIN_PAGE, member: 'home' },
  },
];
export default rows;
