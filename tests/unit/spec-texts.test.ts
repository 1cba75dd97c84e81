import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';

/**
 * Every error-catalogue text of the specification, literally. Each is made to appear by a browser
 * or page test (tests/e2e, tests/http) that compares the page's text with it — through the literal
 * or the TEXT entry that holds it — or is listed below as deliberately unused, with why.
 */
const SPEC_TEXTS = [
  'Signed out successfully',
  'Error signing out',
  'Video or campaign not found',
  'Video not found',
  'You can only edit campaigns for your own movies',
  'You can only view campaigns for your own movies',
  'Failed to load data',
  'Please save the campaign first',
  'Creator coin deployed successfully with anti-scam protection!',
  'Failed to deploy creator coin',
  'Failed to update campaign',
  'Failed to create campaign: {message}',
  'Failed to save campaign',
  'Failed to approve revenue share',
  'Failed to submit campaign for approval',
  'Failed to reset contributor approvals',
  'Campaign extension saved - requires contributor and admin approval',
  'Campaign updated and paused for admin review',
  'Campaign saved successfully',
  'Campaign submitted for approval',
  'Campaign collaboration approved! You can now access this campaign from your dashboard.',
  'You have successfully joined the campaign!',
  'Failed to approve campaign invitation',
  'Failed to decline campaign invitation',
  'Campaign invitation declined',
  'Invitation declined',
  'Vote Recorded',
  'Error: Failed to record your vote. Please try again.',
  'Contributor information not found',
  'Unable to decline invitation',
  'Failed to decline invitation',
  'Campaign or video data not available',
  'Only the originator can launch the campaign',
  'Failed to launch campaign',
  'Campaign launched successfully! It is now live and accepting funding.',
  'Please select a user',
  'Failed to add contributor',
  'Contributor added successfully and notified',
  'Failed to remove contributor',
  'Contributor removed and shares recalculated',
  'No campaign found to pause',
  'Failed to pause campaign',
  'Campaign paused successfully',
  'No campaign found to delete',
  'Failed to delete campaign',
  'Campaign deleted successfully',
  'Video Not Found',
  'Campaign Not Found',
  'Unknown contributor',
  'Session check failed, retrying...',
  'Failed to check session',
  'RPC request failed with status {status} - {text}: {body}',
  'Transaction receipt not found.',
  'Transaction receipt for {hash} not found after {n} blocks',
  'Transaction has no transactionHash to wait for, did you execute it?',
  'No active wallet found',
  'Wallet does not support switching chains',
  'Cannot set a wallet without an account as active',
  'Cannot switch chain without a previous connection',
  'Unknown paymaster version',
  'Invalid address',
  'clientId must be provided when using a JWT secretKey',
  'Factory contract not deployed on chain: {id}',
] as const;

/** Texts the product deliberately never shows, and why. */
const DELIBERATELY_UNUSED: Record<string, string> = {
  'Transaction has no transactionHash to wait for, did you execute it?':
    "a third-party wallet SDK's error; the server sends its transactions through viem and always has the hash",
  'Unknown paymaster version': 'no smart accounts or paymasters are used',
  'clientId must be provided when using a JWT secretKey': 'no blockchain SDK client id or secret key is used',
  'Factory contract not deployed on chain: {id}': 'no smart-account factory is used',
  'Session check failed, retrying...': 'a console log, never a page text (SPEC: logged only)',
  'Failed to check session': 'a console log, never a page text (SPEC: logged only)',
  'Failed to reset contributor approvals':
    'approvals are reset by the server in the same write that changes the shares or the timeline; there is no reset of its own that could fail apart from that write',
  'Cannot switch chain without a previous connection':
    'the network select exists only for a connected wallet, and a wallet is connected only through its own provider; the store keeps the guard, but no page can reach it',
  'Unknown contributor':
    'the name shown for a team member whose profile is gone; nothing in the product removes a profile (there is no account deletion), so no page can reach it',
};

/**
 * Texts that still need a test that makes them appear on a page. This list only shrinks: a text
 * that gains such a test must leave it (the test below fails until it does).
 */
const STILL_TO_SHOW: string[] = [];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

const pageTests = [...testFiles('tests/e2e'), ...testFiles('tests/http')].map((f) => ({
  file: f,
  text: readFileSync(f, 'utf8'),
}));

const keysOf = (text: string) => Object.entries(TEXT).flatMap(([k, v]) => (v === text ? [k] : []));
const quoted = (text: string) => [`'${text}'`, `"${text}"`, `\`${text}\``];

/** The page tests that compare a page's text with this one, by its literal or its TEXT entry. */
function shownBy(text: string): string[] {
  const refs = [...quoted(text), ...keysOf(text).map((k) => new RegExp(`\\bTEXT\\.${k}\\b`))];
  return pageTests
    .filter((t) => refs.some((r) => (typeof r === 'string' ? t.text.includes(r) : r.test(t.text))))
    .map((t) => t.file);
}

describe("the specification's error catalogue", () => {
  it('every text the product uses is held verbatim in TEXT', () => {
    const unheld = SPEC_TEXTS.filter((t) => !(t in DELIBERATELY_UNUSED) && keysOf(t).length === 0);
    expect(unheld).toEqual([]);
  });

  it('every text is made to appear by a page test, is deliberately unused (with why), or is still to show', () => {
    const report = SPEC_TEXTS.map((text) => {
      const files = shownBy(text);
      const unused = text in DELIBERATELY_UNUSED;
      const pending = STILL_TO_SHOW.includes(text);
      return { text, files, unused, pending };
    });
    expect(report.filter((r) => r.files.length === 0 && !r.unused && !r.pending).map((r) => r.text)).toEqual([]);
    // A text a test now shows leaves the to-do list; an unused one has no test.
    expect(report.filter((r) => r.files.length > 0 && (r.pending || r.unused)).map((r) => r.text)).toEqual([]);
    expect(STILL_TO_SHOW.filter((t) => !(SPEC_TEXTS as readonly string[]).includes(t))).toEqual([]);
    expect(Object.keys(DELIBERATELY_UNUSED).filter((t) => !(SPEC_TEXTS as readonly string[]).includes(t))).toEqual([]);
  });
});
