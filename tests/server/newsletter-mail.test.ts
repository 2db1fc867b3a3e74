/**
 * Newsletter double opt-in and issues, through a real SMTP server on a local port: a sign-up gets a
 * confirm link and nothing else; only confirmed, still-subscribed addresses receive an issue, each
 * with its own unsubscribe link and one-click List-Unsubscribe headers that work.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, newSession, uniqueEmail, useApp } from './helpers/app';
import { adminSession, ADMIN } from './helpers/causes';
import { useLocalSmtp, type ReceivedMail } from './helpers/smtp';

const subscribe = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/newsletter/subscribe/', payload: { email } });
const linkToken = (mail: ReceivedMail, path: string) => new RegExp(`${path}\\?token=([\\w%-]+)`).exec(mail.decoded)?.[1];

describe.each(backends)('newsletter on $name', (backend) => {
  const smtp = useLocalSmtp();
  const ctx = useApp(backend, { admin: ADMIN, mail: smtp.settings });
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to[0] === email);

  async function confirmed(email: string): Promise<void> {
    expect((await subscribe(ctx.app, email)).statusCode).toBe(201);
    await ctx.app.mailer.flush();
    const token = linkToken((await waitForMail(email))[0], '/newsletter-confirm');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { token: decodeURIComponent(token!) } });
    expect(res.json()).toEqual({ detail: 'Subscription confirmed' });
  }

  async function waitForMail(email: string, count = 1): Promise<ReceivedMail[]> {
    for (let i = 0; i < 200 && mailsTo(email).length < count; i += 1) {
      await ctx.app.mailer.flush();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return mailsTo(email);
  }

  async function sendIssue(subject: string, body: string) {
    const admin = await adminSession(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/newsletter/issues/',
      headers: bearer(admin.access),
      payload: { subject, body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { recipients: number };
  }

  it('only confirmed addresses get an issue; each copy has its own working unsubscribe link', async () => {
    const [yes, later, never] = [uniqueEmail('yes'), uniqueEmail('later'), uniqueEmail('never')];
    await confirmed(yes);
    await confirmed(later);
    expect((await subscribe(ctx.app, never)).json()).toEqual({ detail: 'Subscribed: check your email to confirm.', email: never });
    // Subscribing again when confirmed: nothing new is mailed.
    expect((await subscribe(ctx.app, yes)).json()).toEqual({ detail: 'Subscribed', email: yes });

    const issue = await sendIssue('Kumasi clinic is funded', 'Thanks to 312 of you.\n\nNext: water for Yendi.');
    expect(issue.recipients).toBeGreaterThanOrEqual(2);
    const [copy] = (await waitForMail(yes, 2)).slice(1);
    expect(copy.header('subject')).toBe('Kumasi clinic is funded');
    expect(copy.decoded).toContain('Next: water for Yendi.');
    expect(copy.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<(http[^>]+)>/.exec(copy.header('list-unsubscribe')!)![1];
    expect(oneClick).not.toContain('__unsubscribe_');
    expect(linkToken(copy, '/unsubscribe')).toBe(new URL(oneClick).searchParams.get('token'));
    await waitForMail(later, 2);
    expect(mailsTo(never).map((m) => m.header('subject'))).toEqual(['Confirm your Boafo newsletter subscription']);

    // One click from the mail app (a form POST) unsubscribes; the next issue skips that address.
    const click = await ctx.app.inject({
      method: 'POST',
      url: new URL(oneClick).pathname + new URL(oneClick).search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.json()).toEqual({ detail: 'Unsubscribed' });
    await sendIssue('Second issue', 'Hello again.');
    await waitForMail(later, 3);
    expect(mailsTo(yes)).toHaveLength(2);
  });

  it('a confirm link works once; a subscriber who comes back confirms again', async () => {
    const email = uniqueEmail('back');
    await subscribe(ctx.app, email);
    const token = decodeURIComponent(linkToken((await waitForMail(email))[0], '/newsletter-confirm')!);
    const confirm = () => ctx.app.inject({ method: 'POST', url: '/api/newsletter/confirm/', payload: { token } });
    expect((await confirm()).statusCode).toBe(200);
    expect((await confirm()).statusCode).toBe(404);
  });

  it('at most three confirm mails per address per window, whatever the form is sent', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 6; i += 1) expect((await subscribe(ctx.app, email)).statusCode).toBeLessThan(300);
    await waitForMail(email, 3);
    await ctx.app.mailer.flush();
    expect(mailsTo(email)).toHaveLength(3);
  });

  it('issues are for admins; blank ones are refused by field', async () => {
    const user = await newSession(ctx.app);
    const post = (headers: Record<string, string>, payload: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/admin/newsletter/issues/', headers, payload });
    expect((await post({}, { subject: 'x', body: 'y' })).statusCode).toBe(401);
    expect((await post(bearer(user.access), { subject: 'x', body: 'y' })).statusCode).toBe(403);
    const admin = await adminSession(ctx.app);
    const blank = await post(bearer(admin.access), { subject: ' ', body: '' });
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['body', 'subject']);
  });
});
