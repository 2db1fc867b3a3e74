/**
 * How every message looks: plain text and HTML from the same paragraphs, one optional action button,
 * and small print saying why the person got it. Every value put into HTML is escaped here; callers
 * pass plain strings and absolute links. The frame's own words are in the recipient's language.
 */
import type { Locale } from '../../shared/i18n/locales';
import { translator, type Translate } from '../lib/i18n';

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailBody {
  /** Paragraphs of plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (why the person got this). */
  footer: string;
  /** A link to stop this kind of mail, under the small print. */
  unsubscribe?: string;
}

export function render({ paragraphs, action, footer, unsubscribe }: MailBody, locale: Locale): { text: string; html: string } {
  const t = translator(locale);
  const unsubscribeLabel = t('mail.layout.unsubscribe');
  const text = [
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    `—\n${footer}`,
    ...(unsubscribe ? [`${unsubscribeLabel}: ${unsubscribe}`] : []),
  ].join('\n\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#006b3f;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555">${escapeHtml(t('mail.layout.openAddress', { url: action.url }))}</p>`
    : '';
  const html =
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1b1b;max-width:560px;margin:auto;padding:16px">` +
    `<p style="font-weight:700;color:#006b3f;font-size:20px">Boafo</p>` +
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    button +
    `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:13px;color:#555">${escapeHtml(footer)}</p>` +
    (unsubscribe ? `<p style="font-size:13px"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(unsubscribeLabel)}</a></p>` : '') +
    `</body></html>`;
  return { text, html };
}

export const greeting = (t: Translate, name: string) =>
  name.trim() ? t('mail.layout.greeting', { name: name.trim() }) : t('mail.layout.greetingNoName');
