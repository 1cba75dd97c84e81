import { type ReactNode, useEffect, useRef, useSyncExternalStore } from 'react';
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
 * Every control of an island is disabled until the island is live: the server draws the buttons, but
 * their handlers exist only after hydration (`client:idle` may come seconds later on a slow phone), and a
 * press before then would do nothing and say nothing. A disabled fieldset disables every control inside
 * it at once; it takes no box of its own (`display: contents`), and `data-island-live` says when it is live.
 */
export function IslandGate({ children }: { children: ReactNode }) {
  const live = useIslandLive();
  return (
    <fieldset className="island-gate" disabled={!live} data-island-live={live ? 'true' : 'false'}>
      {children}
    </fieldset>
  );
}
