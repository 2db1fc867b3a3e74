/**
 * The messages the server sends, each as plain text and HTML with absolute links. Every value put
 * into HTML is escaped here; callers pass plain strings.
 */
import type { OutgoingMail } from '../repositories/mail';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Body {
  /** Paragraphs of plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action (why the person got this). */
  footer: string;
}

function render({ paragraphs, action, footer }: Body): { text: string; html: string } {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '', '—', footer].join('\n\n');
  const button = action
    ? `<p><a href="${escape(action.url)}" style="display:inline-block;padding:12px 20px;background:#006b3f;color:#fff;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>` +
      `<p style="font-size:13px;color:#555">Or open this address: ${escape(action.url)}</p>`
    : '';
  const html =
    `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1b1b1b;max-width:560px;margin:auto;padding:16px">` +
    `<p style="font-weight:700;color:#006b3f;font-size:20px">Boafo</p>` +
    paragraphs.map((p) => `<p>${escape(p)}</p>`).join('') +
    button +
    `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:13px;color:#555">${escape(footer)}</p></body></html>`;
  return { text, html };
}

const greeting = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function passwordResetMail(to: string, name: string, link: string, validMinutes: number): OutgoingMail {
  return {
    kind: 'password_reset',
    to,
    subject: 'Reset your Boafo password',
    ...render({
      paragraphs: [
        greeting(name),
        `Someone asked to reset the password of your Boafo account. The link below works once, for ${validMinutes} minutes. Choosing a new password signs you out everywhere.`,
      ],
      action: { label: 'Choose a new password', url: link },
      footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
    }),
  };
}

/** Sent instead of a second account: the sign-up form answers the same either way. */
export function accountExistsMail(to: string, name: string, resetPage: string): OutgoingMail {
  return {
    kind: 'account_exists',
    to,
    subject: 'You already have a Boafo account',
    ...render({
      paragraphs: [
        greeting(name),
        'Someone tried to create a Boafo account with this email address, but you already have one. Sign in with it, or reset your password if you have forgotten it.',
      ],
      action: { label: 'Reset your password', url: resetPage },
      footer: 'If this was not you, no account was created and you need do nothing.',
    }),
  };
}
