/**
 * The tabs of the two dashboards (?tab=). A tab's content is the component
 * src/components/dashboard/<dashboard>/<id>.astro; a feature adds its tab by adding that file.
 * Until then the tab shows an honest empty state with the text below.
 */
export interface DashboardTab {
  id: string;
  label: string;
  /** What a tab without its component yet says. */
  pending: string;
  /** A tab that is a link elsewhere rather than content here. */
  href?: string;
}

export const ADMIN_TABS: readonly DashboardTab[] = [
  { id: 'dashboard', label: 'Dashboard', pending: 'An overview of the platform will appear here.' },
  { id: 'applications', label: 'Applications', pending: 'Campaigns submitted for review will appear here.' },
  { id: 'videos', label: 'Videos', pending: 'Films awaiting review will appear here.' },
  { id: 'creator-coins', label: 'Creator Coins', pending: 'Creator coin requests will appear here.' },
  { id: 'settings', label: 'Site settings', pending: 'Site settings will appear here.' },
  { id: 'users', label: 'People', pending: 'People will appear here.' },
  { id: 'audit', label: 'Audit', pending: 'Who changed what will appear here.' },
  { id: 'campaigns', label: 'Campaigns', pending: 'Every campaign, by status, will appear here.' },
  { id: 'money', label: 'Money', pending: "The ledger's payments, releases and refunds will appear here." },
  { id: 'reports', label: 'Reports', pending: 'Reported films, listings and profiles will appear here.' },
];

export const CONTRIBUTOR_TABS: readonly DashboardTab[] = [
  { id: 'dashboard', label: 'Dashboard', pending: 'Your overview will appear here.' },
  { id: 'films', label: 'My Films', pending: 'Films you add will appear here.' },
  { id: 'campaigns', label: 'Campaigns', pending: 'Your campaigns and team invitations will appear here.' },
  { id: 'coins', label: 'Coins', pending: 'Your creator coins will appear here.' },
  { id: 'community', label: 'Community', pending: '', href: '/marketplace' },
];

export function selectTab(tabs: readonly DashboardTab[], requested: string | null): DashboardTab {
  return tabs.find((t) => t.id === requested && !t.href) ?? (tabs[0] as DashboardTab);
}
