import { APPLICATION_TEXT } from '../../functions/domain/applications/texts';
import { api, call, messageOf } from '../lib/api-client';

/**
 * /apply (docs/applications.md): the application form (signed in, name and email are the account's),
 * the confirmation once sent, the signed-in applicant's state, and, from the approval mail's link
 * (?invite=…&email=…), the form that makes the approved applicant's account.
 */
const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel);
const show = (el: Element | null, on: boolean) => el?.toggleAttribute('hidden', !on);

const formSection = $('[data-apply-form-section]');
const form = $<HTMLFormElement>('[data-apply-form]');
const sent = $<HTMLElement>('[data-apply-sent]');
const signUpSection = $('[data-apply-signup-section]');
const params = new URL(location.href).searchParams;

function ready() {
  for (const f of document.querySelectorAll<HTMLFieldSetElement>('[data-ready-when-hydrated]')) f.disabled = false;
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

function showSent() {
  show(formSection, false);
  show(sent, true);
  sent?.focus();
}

async function showState(signedIn: boolean) {
  if (!signedIn) return;
  let mine: Awaited<ReturnType<typeof loadMine>>;
  try {
    mine = await loadMine();
  } catch {
    return;
  }
  if (!mine.application) return;
  const { status, reason } = mine.application;
  const state = $('[data-apply-state]');
  const line = $('[data-apply-state-text]');
  if (line)
    line.textContent =
      status === 'waiting'
        ? APPLICATION_TEXT.applicationStateWaiting
        : status === 'approved'
          ? APPLICATION_TEXT.applicationStateApproved
          : APPLICATION_TEXT.applicationStateRejected;
  const why = $('[data-apply-state-reason]');
  if (why && reason) why.textContent = `Reason: ${reason}`;
  show(why, status === 'rejected' && Boolean(reason));
  show($('[data-apply-dashboard]'), status === 'approved');
  show(state, true);
  // A waiting or approved application is the one open: no second form. A rejected one may apply again.
  if (status !== 'rejected') show(formSection, false);
}

const loadMine = () => call(api.applications.mine.$get());

async function start() {
  const invite = params.get('invite');
  const inviteEmail = params.get('email');
  if (invite && inviteEmail) {
    show(formSection, false);
    show(signUpSection, true);
    const where = $('[data-apply-signup-email]');
    if (where) where.textContent = inviteEmail;
    const signUp = $<HTMLFormElement>('[data-apply-signup]');
    signUp?.addEventListener('submit', async (e) => {
      e.preventDefault();
      const data = new FormData(signUp);
      const error = $('[data-apply-signup-error]');
      const button = signUp.querySelector('button');
      if (button) button.disabled = true;
      try {
        const done = await call(
          api.applications['sign-up'].$post({
            json: {
              token: invite,
              email: inviteEmail,
              username: text(data, 'username'),
              password: String(data.get('password') ?? ''),
            },
          }),
        );
        location.assign(done.redirect);
      } catch (err) {
        if (error) error.textContent = messageOf(err);
        if (button) button.disabled = false;
      }
    });
    ready();
    return;
  }

  if (params.get('sent') === '1') showSent();
  const me = await call(api.me.index.$get({ query: { optional: '1' } })).catch(() => null);
  const profile = me && 'profile' in me ? me.profile : null;
  const signedIn = Boolean(me?.user);
  if (signedIn) {
    for (const el of document.querySelectorAll<HTMLElement>('[data-guest-only]')) {
      el.hidden = true;
      for (const input of el.querySelectorAll('input')) input.required = false;
    }
    const as = $('[data-signed-in-as]');
    if (as) as.textContent = `Applying as ${profile?.username ?? ''} (${me?.user?.email ?? ''}).`;
    show(as, true);
  }
  await showState(signedIn);

  form?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const error = $('[data-apply-error]');
    const button = form.querySelector('button');
    const links = text(data, 'links')
      .split(/\s+/)
      .map((l) => l.trim())
      .filter(Boolean);
    if (button) button.disabled = true;
    if (error) error.textContent = '';
    try {
      await call(
        api.applications.index.$post({
          json: {
            ...(signedIn ? {} : { name: text(data, 'name'), email: text(data, 'email') }),
            work: text(data, 'work'),
            links,
            film: text(data, 'film'),
            heardFrom: text(data, 'heardFrom'),
          },
        }),
      );
      history.replaceState(null, '', '/apply?sent=1');
      showSent();
    } catch (err) {
      if (error) error.textContent = messageOf(err);
      if (button) button.disabled = false;
    }
  });
  ready();
}

void start();
