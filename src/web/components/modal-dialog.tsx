import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './admin-list/admin-list.css';

const FOCUSABLE = 'input, select, textarea, button:not([disabled])';

interface ModalDialogProps {
  title: string;
  /** The sentence under the title, read with it (aria-describedby). */
  description: ReactNode;
  onCancel: () => void;
  /** The form (its fields and buttons); the first field gets focus when the dialog opens. */
  children: ReactNode;
}

/**
 * A modal dialog: focus moves to the first field, Tab stays inside, Escape cancels, and the caller
 * puts focus back on the button that opened it (the opener may be gone after a reload).
 */
export function ModalDialog({ title, description, onCancel, children }: ModalDialogProps) {
  const id = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    boxRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, []);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab' || !boxRef.current) return;
    const focusable = boxRef.current.querySelectorAll<HTMLElement>(FOCUSABLE);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="modal-backdrop">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the dialog keeps focus inside (Tab) and closes on Escape */}
      <div
        ref={boxRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-desc`}>{description}</p>
        {children}
      </div>
    </div>
  );
}
