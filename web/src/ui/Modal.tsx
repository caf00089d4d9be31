import { type ReactNode, useEffect, useRef } from 'react';

export interface ModalProps {
  /** Where the panel sits: a side drawer, a bottom sheet, or a centred dialog. */
  readonly placement: 'start' | 'bottom' | 'center';
  readonly onClose: () => void;
  readonly labelledBy?: string;
  readonly label?: string;
  readonly describedBy?: string;
  readonly role?: 'dialog' | 'alertdialog';
  readonly children: ReactNode;
}

/**
 * A modal panel over a scrim: focus moves into it and back to where it was when it closes,
 * Escape and a tap on the scrim close it. Only a tap that began on the scrim: the finger that
 * opened the panel with a long press lifts over the scrim, and its click must not close it.
 */
export function Modal({
  placement,
  onClose,
  labelledBy,
  label,
  describedBy,
  role = 'dialog',
  children,
}: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  /** Whether the press now ending began on the scrim. */
  const pressedScrim = useRef(false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? panel.current)?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, []);

  return (
    <div className={`modal modal-${placement}`}>
      <div
        className="modal-scrim"
        aria-hidden="true"
        onPointerDown={() => {
          pressedScrim.current = true;
        }}
        onClick={() => {
          if (pressedScrim.current) close.current();
          pressedScrim.current = false;
        }}
      />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: dialog and alertdialog both take these. */}
      <div
        ref={panel}
        className="modal-panel"
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>
  );
}
