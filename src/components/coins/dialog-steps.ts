import { COIN_BUY_TEXT } from '../../../functions/domain/coins/buy-texts';

/**
 * What the coins' two wallet dialogs (WalletDialog.astro: buying on a film's coins page, withdrawing
 * and releasing on /creator-token-management) share in the browser: a step's state and words, and a
 * message line that hides while empty.
 */
export type StepState = 'idle' | 'pending' | 'success' | 'error';

export const $ = <T extends HTMLElement = HTMLElement>(root: Element, selector: string) =>
  root.querySelector<T>(selector);

const STATE_WORDS: Record<StepState, string> = {
  idle: COIN_BUY_TEXT.stepIdle,
  pending: COIN_BUY_TEXT.stepPending,
  success: COIN_BUY_TEXT.stepDone,
  error: '',
};

/** Sets one step of the dialog's list: its state, and its words (the state's own unless given). */
export function showStep(dialog: Element, step: string, state: StepState, words?: string) {
  const li = $(dialog, `[data-step="${step}"]`);
  if (!li) return;
  li.dataset.state = state;
  const label = $(li, '[data-step-state]');
  if (label) label.textContent = words ?? STATE_WORDS[state];
}

/** Writes a message into the dialog's element matching `selector`, hidden while there is none. */
export function showMessage(dialog: Element, selector: string, message: string | null) {
  const el = $(dialog, selector);
  if (!el) return;
  el.textContent = message ?? '';
  el.hidden = !message;
}
