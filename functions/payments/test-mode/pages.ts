import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type Stripe from 'stripe';
import { successRedirect } from './actions';
import type { TestRecords } from './store';

/**
 * The pages Stripe would host (Checkout, Connect onboarding), as TEST mode shows them: plain
 * server-rendered HTML with forms, no script, labelled TEST MODE at the top.
 */

export const money = (cents: number, currency: string) =>
  (cents / 100).toLocaleString('en-US', { style: 'currency', currency: currency.toUpperCase() });

const STYLE = `
  body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #0d0f14; color: #e8e6e1; }
  .test-mode-banner { background: repeating-linear-gradient(45deg, #3b2f00, #3b2f00 10px, #463800 10px, #463800 20px);
    color: #f5c14b; text-align: center; font-weight: 700; padding: .4rem; letter-spacing: .04em; }
  main { max-width: 30rem; margin: 2.5rem auto; padding: 0 1rem; }
  .card { background: #161a22; border: 1px solid #2a2f3a; border-radius: 12px; padding: 1.5rem; }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; } .muted { color: #9aa0ab; font-size: .9rem; }
  table { width: 100%; border-collapse: collapse; margin: 1rem 0; } td { padding: .35rem 0; }
  td:last-child { text-align: right; } tr.total td { border-top: 1px solid #2a2f3a; font-weight: 700; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
  button, .btn { font: inherit; border-radius: 8px; padding: .6rem 1.1rem; border: 1px solid #2a2f3a;
    background: #1f2430; color: inherit; cursor: pointer; text-decoration: none; }
  .primary { background: #f5c14b; color: #1d1603; border-color: #f5c14b; font-weight: 700; }
  code { font-size: .85rem; }`;

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} · TEST MODE</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <div class="test-mode-banner" role="status" data-test-mode>TEST MODE — no real money moves</div>
    <main>${body}</main>
  </body>
</html>`;
}

/**
 * A paid session's dispute controls, as Stripe's test cards would raise one (docs/money.md,
 * "Disputes"): open a dispute, then close it won or lost.
 */
function disputeControls(base: string, dispute: Stripe.Dispute | null) {
  if (!dispute)
    return html`<form method="post" action="${base}/dispute" class="actions">
        <button type="submit" data-dispute>Raise a dispute</button>
      </form>
      <p class="muted">Sends a signed <code>charge.dispute.created</code> event, as a card's bank disputing this payment would.</p>`;
  if (dispute.status === 'won' || dispute.status === 'lost')
    return html`<p data-dispute-status="${dispute.status}">The dispute ${dispute.id} is closed: ${dispute.status}.</p>`;
  return html`<p data-dispute-status="open">This payment is disputed (${dispute.id}).</p>
      <form method="post" class="actions">
        <button type="submit" formaction="${base}/dispute/won" data-dispute-won>Close the dispute: won</button>
        <button type="submit" formaction="${base}/dispute/lost" data-dispute-lost>Close the dispute: lost</button>
      </form>`;
}

export function checkoutPage(record: TestRecords['checkout_session'], dispute: Stripe.Dispute | null = null) {
  const { session, items } = record;
  const currency = session.currency ?? 'usd';
  const total = money(session.amount_total ?? 0, currency);
  const base = `/api/payments/test-checkout/${session.id}`;
  const state: Record<string, HtmlEscapedString | Promise<HtmlEscapedString>> = {
    open: html`<form method="post" action="${base}/pay" class="actions">
        <button class="primary" type="submit" data-pay>Pay ${total}</button>
        <button type="submit" formaction="${base}/cancel" data-cancel>Cancel</button>
      </form>
      <p class="muted">Pay marks this session paid and sends signed <code>payment_intent.succeeded</code> and
        <code>checkout.session.completed</code> events to this site's webhook, as Stripe would.</p>`,
    complete: html`<p data-status="complete">This payment is complete.</p>
      <p class="actions"><a class="btn" href="${successRedirect(session)}">Continue</a></p>
      ${disputeControls(base, dispute)}`,
    expired: html`<p data-status="expired">This checkout session has expired. No payment was taken.</p>
      ${session.cancel_url ? html`<p class="actions"><a class="btn" href="${session.cancel_url}">Return</a></p>` : ''}`,
  };
  return page(
    'Checkout',
    html`<div class="card">
      <p class="muted">Pay Reelfund</p>
      <h1 data-total>${total}</h1>
      ${session.customer_email ? html`<p class="muted">${session.customer_email}</p>` : ''}
      <table>
        ${items.map(
          (i) => html`<tr>
            <td>${i.name}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</td>
            <td>${money(i.unitAmount * i.quantity, currency)}</td>
          </tr>`,
        )}
        <tr class="total"><td>Total</td><td>${total}</td></tr>
      </table>
      ${state[session.status ?? 'open'] ?? ''}
    </div>`,
  );
}

export function onboardingPage(linkId: string, account: Stripe.Account, returnUrl: string) {
  const done = account.details_submitted && account.payouts_enabled;
  return page(
    'Connect onboarding',
    html`<div class="card">
      <p class="muted">Reelfund partners with Stripe for payouts</p>
      <h1>Set up payouts</h1>
      <p class="muted">Connected account <code>${account.id}</code>${account.email ? ` · ${account.email}` : ''}</p>
      ${
        done
          ? html`<p data-status="complete">Onboarding is complete: payouts are enabled.</p>
              <p class="actions"><a class="btn" href="${returnUrl}">Return to Reelfund</a></p>`
          : html`<p>In TEST mode no identity or bank details are asked for.</p>
              <form method="post" action="/api/payments/test-onboarding/${linkId}/complete" class="actions">
                <button class="primary" type="submit" data-complete>Complete onboarding</button>
                <a class="btn" href="${returnUrl}">Leave</a>
              </form>
              <p class="muted">Completing enables transfers and payouts on this account and sends a signed
                <code>account.updated</code> event to this site's Connect webhook.</p>`
      }
    </div>`,
  );
}
