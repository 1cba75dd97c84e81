import { useStore } from '@nanostores/react';
import type { DisplayStatus } from '../../../functions/domain/campaigns/status';
import { $campaign } from '../../stores/campaign';
import { StatusBadge } from './island-ui';
import { useHydrated } from './useCampaign';

/**
 * The status next to a campaign's title on the screens where actions change it: it follows the
 * store at once (the rest of the read-out follows when the server's render of it is back).
 */
export function LiveStatusBadge(props: { initial: { status: DisplayStatus; label: string } | null }) {
  const { view } = useStore($campaign);
  const shown = useHydrated() && view ? { status: view.displayStatus, label: view.displayLabel } : props.initial;
  return shown ? <StatusBadge status={shown.status} label={shown.label} /> : null;
}
