import { type ReactNode, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { DisplayStatus } from '../../../functions/domain/campaigns/status';

export function StatusBadge({ status, label }: { status: DisplayStatus; label: string }) {
  return (
    <span className={`badge status-badge status-${status}`} data-status={status}>
      {label}
    </span>
  );
}

export function Card({
  title,
  children,
  className = '',
  id,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section className={`card campaign-card ${className}`} aria-label={title} id={id}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** A confirmation in a native modal dialog (focus is trapped and Escape cancels). */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
  name?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className="campaign-dialog"
      data-dialog={props.name}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
      aria-labelledby={`${props.name ?? 'dialog'}-title`}
    >
      <h2 id={`${props.name ?? 'dialog'}-title`}>{props.title}</h2>
      {props.body && <div className="muted">{props.body}</div>}
      {props.children}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
        <button
          type="button"
          className={`btn ${props.danger ? 'btn-danger' : 'btn-primary'}`}
          onClick={props.onConfirm}
          disabled={props.busy}
          data-confirm
        >
          {props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

const noSubscription = () => () => {};

/**
 * True once the island runs in the browser. The server's HTML and the hydrating render see false, the
 * first render after hydration true (React's documented way to tell the two apart without a mismatch).
 */
export function useIslandLive(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The root of every campaign island, which loads on the person's first intent (`client:intent`,
 * src/scripts/client-intent.ts): until then the server's HTML is on the page with its controls
 * enabled, and the directive holds what is pressed or typed. Once hydrated (a layout effect: before any
 * re-render can put the server's values back into fields typed in), it says `island:live`, and the
 * directive hands the typed values and the held presses to the island. The fieldset takes no box of its
 * own (`display: contents`); `data-island-live` says when it is live.
 */
export function IslandGate({ children }: { children: ReactNode }) {
  const live = useIslandLive();
  const ref = useRef<HTMLFieldSetElement>(null);
  useLayoutEffect(() => {
    ref.current?.dispatchEvent(new Event('island:live', { bubbles: true }));
  }, []);
  return (
    <fieldset ref={ref} className="island-gate" data-island-live={live ? 'true' : 'false'}>
      {children}
    </fieldset>
  );
}
