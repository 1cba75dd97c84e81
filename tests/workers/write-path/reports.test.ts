import { beforeAll, describe } from 'vitest';
import { postListing } from '../../../functions/services/marketplace';
import { dismissReports, hideReportedItem, submitReport, unhideItem } from '../../../functions/services/reports';
import { asViewer, jsonInit, makeUser, type TestUser, uid } from '../factories';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Reports: a report is audited; an admin's dismissal is audited; hiding is audited and owes the
 * owner's mail (and 'catalogue-bump' for a cached kind: not a listing); showing again is audited.
 */

let admin: TestUser;
let author: TestUser;
let reporter: TestUser;
/** A listing nobody hid: showing it again is refused (409). */
let shown: string;
const adminV = () => asViewer(admin, ['viewer', 'admin']);
const authorV = () => asViewer(author, ['viewer']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpr_admin');
  author = await makeUser([], 'wpr_author');
  reporter = await makeUser([], 'wpr_reporter');
  shown = await listing();
});

async function listing() {
  const { id } = await postListing(testDeps(), authorV(), {
    kind: 'offering',
    role: 'editor',
    title: `Reported ${uid()}`,
    description: 'Cuts films',
    pay: 'paid',
  });
  return id;
}
async function reported() {
  const id = await listing();
  await submitReport(testDeps(), asViewer(reporter, ['viewer']), { kind: 'listing', itemId: id, reason: 'spam' });
  return id;
}
async function hidden() {
  const id = await reported();
  await hideReportedItem(testDeps(), adminV(), 'listing', id, { reason: 'Spam' });
  return id;
}
const body = (id: string) => ({ kind: 'listing' as const, itemId: id, reason: 'spam' as const });

describe('write path: reports', { timeout: 30_000 }, () => {
  scenario('reports/submit#submitReport', {
    setup: listing,
    run: (s, id) => submitReport(s, asViewer(reporter, ['viewer']), body(id)),
    route: (id) => call('/api/reports', jsonInit('POST', body(id), reporter.cookie)),
    // The author reporting their own listing: 400.
    refuse: (s, id) => submitReport(s, authorV(), body(id)),
  });

  scenario('reports/dismiss#dismissReports', {
    setup: reported,
    run: (s, id) => dismissReports(s, adminV(), 'listing', id),
    route: (id) => call(`/api/reports/listing/${id}/dismiss`, jsonInit('POST', {}, admin.cookie)),
    // No such listing: 404.
    refuse: (s) => dismissReports(s, adminV(), 'listing', crypto.randomUUID()),
  });

  scenario('reports/hide#hideReportedItem', {
    setup: reported,
    run: (s, id) => hideReportedItem(s, adminV(), 'listing', id, { reason: 'Spam' }),
    route: (id) => call(`/api/reports/listing/${id}/hide`, jsonInit('POST', { reason: 'Spam' }, admin.cookie)),
    refuse: (s) => hideReportedItem(s, adminV(), 'listing', crypto.randomUUID(), { reason: 'Spam' }),
  });

  scenario('reports/hide#unhideItem', {
    setup: hidden,
    run: (s, id) => unhideItem(s, adminV(), 'listing', id),
    route: (id) => call(`/api/reports/listing/${id}/unhide`, jsonInit('POST', {}, admin.cookie)),
    // Not hidden: 409.
    refuse: (s) => unhideItem(s, adminV(), 'listing', shown),
  });
});
