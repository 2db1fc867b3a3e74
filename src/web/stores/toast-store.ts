import { proxy } from 'valtio';

/** Spec §4 and §9: four types, 3000 ms unless a caller asks otherwise. */
export type ToastType = 'info' | 'success' | 'error' | 'warning';
export const DEFAULT_TOAST_MS = 3000;
// Older toasts give way so a burst of messages cannot cover the screen.
const MAX_TOASTS = 4;

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
}

export const toastState = proxy<{ toasts: Toast[] }>({ toasts: [] });

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const index = toastState.toasts.findIndex((t) => t.id === id);
  if (index >= 0) toastState.toasts.splice(index, 1);
}

function show(type: ToastType, message: string, ms = DEFAULT_TOAST_MS): number {
  const id = nextId++;
  toastState.toasts.push({ id, type, message });
  while (toastState.toasts.length > MAX_TOASTS) dismissToast(toastState.toasts[0].id);
  // ms <= 0 keeps the toast until the user dismisses it.
  if (ms > 0)
    timers.set(
      id,
      setTimeout(() => dismissToast(id), ms),
    );
  return id;
}

export const toast = {
  success: (message: string, ms?: number) => show('success', message, ms),
  error: (message: string, ms?: number) => show('error', message, ms),
  info: (message: string, ms?: number) => show('info', message, ms),
  warning: (message: string, ms?: number) => show('warning', message, ms),
};

/** Drops every toast and timer (tests, and nothing else needs it). */
export function clearToasts(): void {
  for (const { id } of [...toastState.toasts]) dismissToast(id);
}
