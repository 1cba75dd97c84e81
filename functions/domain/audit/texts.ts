/** Texts of the admin's audit tab (/admin?tab=audit) that the SPEC does not give. */
export const AUDIT_TEXT = {
  heading: 'Audit log',
  intro: 'Who changed what, newest first.',
  filterActor: 'Person (user id or job name)',
  filterResource: 'Resource',
  filterResourceAny: 'Any resource',
  filterVerb: 'Action',
  filterApply: 'Filter',
  filterClear: 'Clear filters',
  emptyTitle: 'No changes recorded',
  emptyBody: 'Changes that match these filters appear here.',
  older: 'Older changes',
  newest: 'Back to the newest',
  guest: 'A guest',
} as const;

/** The resource types the audit rows name, for the filter's list. */
export const AUDIT_RESOURCE_TYPES = [
  'application',
  'campaign',
  'captions',
  'clock',
  'coin',
  'collaboration',
  'film',
  'listing',
  'payment',
  'payout',
  'payout-account',
  'report',
  'site-settings',
  'stripe-event',
  'user',
  'wallet',
] as const;

/** Where an audit row's resource can be seen, or null when it has no page. */
export function auditResourceHref(type: string, id: string): string | null {
  const e = encodeURIComponent(id);
  switch (type) {
    case 'film':
      return `/admin/edit/${e}`;
    case 'campaign':
      return `/admin/edit/${e}/campaign`;
    case 'user':
      return `/admin?tab=users&user=${e}`;
    case 'payout':
    case 'payout-account':
      return '/admin/payouts';
    case 'site-settings':
      return '/admin?tab=settings';
    case 'application':
      return '/admin?tab=applications';
    case 'listing':
      return `/collaborate/${e}`;
    case 'report':
      return '/admin?tab=reports';
    default:
      return null;
  }
}
