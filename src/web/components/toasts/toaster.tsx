import type { KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { WebMessageId } from '../../../shared/i18n/message-ids.gen';
import { useT } from '../../lib/i18n';
import { dismissToast, toastState, type Toast, type ToastType } from '../../stores/toast-store';
import './toasts.css';

const LABEL: Record<ToastType, WebMessageId> = {
  info: 'shell.toast.info',
  success: 'shell.toast.success',
  error: 'shell.toast.error',
  warning: 'shell.toast.warning',
};
const ICON: Record<ToastType, string> = { info: 'i', success: '✓', error: '!', warning: '!' };

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const dismiss = () => dismissToast(toast.id);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault(); // Space would otherwise scroll the page
      dismiss();
    }
  };
  return (
    // The whole toast is a dismiss target (spec §4: click, Escape, Enter or Space); the button is the explicit one.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions, jsx-a11y/no-noninteractive-tabindex -- spec §4's dismiss anywhere; the inner button is the accessible control
    <div className={`toast toast--${toast.type}`} tabIndex={0} onClick={dismiss} onKeyDown={onKeyDown}>
      <span className="toast__icon" aria-hidden="true">
        {ICON[toast.type]}
      </span>
      <p className="toast__message">
        <span className="visually-hidden">{t(LABEL[toast.type])}: </span>
        <span>{toast.message}</span>
      </p>
      <button
        type="button"
        className="toast__close"
        aria-label={t('shell.toast.dismiss')}
        onClick={(event) => {
          event.stopPropagation();
          dismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Two live regions that are always in the page, so screen readers announce what gets added:
 * errors interrupt (assertive), everything else waits its turn (polite).
 */
export function Toaster() {
  const { toasts } = useSnapshot(toastState);
  const errors = toasts.filter((t) => t.type === 'error');
  const others = toasts.filter((t) => t.type !== 'error');
  return (
    <div className="toaster">
      <div aria-live="polite" aria-relevant="additions text">
        {others.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
      <div aria-live="assertive" aria-relevant="additions text">
        {errors.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </div>
  );
}
