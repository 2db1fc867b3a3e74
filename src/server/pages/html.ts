/** Writing HTML by hand for the painted pages: escaping, and sentences with marked-up parts. */
import { splitSlots } from '../../shared/i18n/slots';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value → HTML that shows it as written (causes are written by anyone). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/**
 * A translated sentence formatted with `slot(name)` values, as HTML: its text escaped and each slot replaced by
 * the given markup (the server's counterpart of the app's withElements, src/web/lib/rich-text.tsx).
 */
export function richHtml(message: string, parts: Record<string, string>): string {
  return splitSlots(message)
    .map((part) => (typeof part === 'string' ? escapeHtml(part) : (parts[part.slot] ?? '')))
    .join('');
}
