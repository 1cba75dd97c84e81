/**
 * Never run: `npm run check` type-checks it. Each `@ts-expect-error` holds only while the client
 * refuses that call, so a client that stopped checking bodies or routes fails the check
 * (docs/architecture.md, "The browser's client").
 */
import { api, call } from './api-client';

export async function refusedByTheCompiler() {
  const param = { id: 'a-campaign' };

  // A wrong body: the reject route's schema wants `reason`, a string.
  // @ts-expect-error -- `because` is not a field of the reject body
  await call(api.campaigns[':id'].reject.$post({ param, json: { because: 'no' } }));
  // @ts-expect-error -- a reason is a string, not a number
  await call(api.campaigns[':id'].reject.$post({ param, json: { reason: 42 } }));
  // @ts-expect-error -- the body is required
  await call(api.campaigns[':id'].reject.$post({ param }));
  // @ts-expect-error -- the fund form's checkout takes an amount in cents as a number
  await call(api.campaigns[':id'].checkout.$post({ param, json: { amountCents: '5.00', attemptId: 'a' } }));

  // A misspelt route, and a route asked with a method it does not have.
  // @ts-expect-error -- there is no /api/campaigns/:id/aprove
  await call(api.campaigns[':id'].aprove.$post({ param }));
  // @ts-expect-error -- there is no /api/notification (the prefix is /api/notifications)
  await call(api.notification.summary.$get());
  // @ts-expect-error -- /api/notifications/summary is read with GET only
  await call(api.notifications.summary.$post());

  // A missing path parameter.
  // @ts-expect-error -- the campaign's id is required
  await call(api.campaigns[':id'].$get({ param: {} }));

  // The answer is typed from the handler: a campaign view has no `price`.
  const { campaign } = await call(api.campaigns[':id'].$get({ param }));
  // @ts-expect-error -- not a field of the answer
  return campaign.campaign.price;
}
