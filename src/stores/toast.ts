import { atom } from 'nanostores';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A second, plainer line under the message (e.g. 'Vote Recorded' + what the vote means). */
  description?: string;
}

const CARRY_KEY = 'reelfund.toast';
let next = 1;

export const $toasts = atom<Toast[]>([]);

export function toast(message: string, kind: ToastKind = 'info', ms = 4000, description?: string) {
  const t: Toast = { id: next++, kind, message, ...(description ? { description } : {}) };
  $toasts.set([...$toasts.get(), t]);
  setTimeout(() => dismiss(t.id), ms);
}

export function dismiss(id: number) {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** A toast that should appear on the page we are about to navigate to. */
export function toastAfterNavigation(message: string, kind: ToastKind = 'info') {
  try {
    sessionStorage.setItem(CARRY_KEY, JSON.stringify({ message, kind }));
  } catch {
    /* storage unavailable: the toast is lost, nothing else */
  }
}

export function showCarriedToast() {
  try {
    const raw = sessionStorage.getItem(CARRY_KEY);
    if (!raw) return;
    sessionStorage.removeItem(CARRY_KEY);
    const { message, kind } = JSON.parse(raw) as { message: string; kind: ToastKind };
    toast(message, kind);
  } catch {
    /* ignore */
  }
}
