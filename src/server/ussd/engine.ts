/**
 * The USSD session engine: one menu, whatever gateway carries it (ussd/gateways.ts turns Hubtel's and
 * Africa's Talking's requests into a UssdTurn and the UssdReply back into their wire format).
 *
 * A session is a row (repositories/ussd.ts), so any process answers its next step. Each turn reads
 * it, works out the next screen and saves it guarded by the row's version; the request's key (Hubtel's
 * Sequence, Africa's Talking's whole text) is saved with it, so a gateway's retry of a request gets
 * the same screen again and runs nothing twice. Wrong input shows the same screen with a short
 * reason; the third wrong try on a screen ends the session politely.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { daysLeft } from '../../shared/cause-deadline';
import { networkOfMobile, normaliseGhanaMobile } from '../../shared/phone';
import { CAUSE_CODE_PATTERN } from '../../shared/ussd';
import { AMOUNT_ERRORS, checkAmount } from '../payments/amounts';
import { localizeText } from '../lib/localize';
import { acceptsDonations } from '../repositories/causes';
import type { UssdSessionRow } from '../repositories/ussd';
import { recordUssdSmsConsent } from './sms-consent';
import { giftStatus, startUssdGift, submitUssdOtp, type GiftOutcome } from './ussd-gift';
import * as T from './ussd-text';

export type UssdGateway = 'hubtel' | 'africastalking';

export interface UssdTurn {
  gateway: UssdGateway;
  sessionId: string;
  /** The calling phone as the gateway sent it. */
  phone: string;
  /** start: the session opens (input = what was dialled after the service code, often ''); end: the gateway closed it. */
  kind: 'start' | 'input' | 'end';
  input: string;
  /** What identifies this request among the session's (a retry repeats it); null = nothing does. */
  key: string | null;
  /** The input is every answer so far joined with '*' (Africa's Talking): the new one follows the last. */
  cumulative?: boolean;
}

export interface UssdReply {
  text: string;
  /** True: the session ends with this screen (END, release). */
  end: boolean;
}

type Screen = 'menu' | 'give_code' | 'give_amount' | 'give_confirm' | 'give_consent' | 'give_otp' | 'check_code' | 'language';

interface SessionData {
  locale?: T.UssdLocale;
  causeId?: string;
  causeName?: string;
  raised?: number;
  goal?: number;
  amount?: number;
  receipts?: boolean;
}

interface Next {
  screen: Screen;
  data: SessionData;
  tries: number;
  text: string;
  ended: boolean;
}

/** More than any answer needs (a code, an amount): longer input is a wrong try, not a search. */
const MAX_INPUT = 40;
const MAX_TRIES = 3;
/** Gateways drop a silent session after a couple of minutes; a row untouched longer is over. */
const SESSION_IDLE_MS = 10 * 60_000;

interface Context {
  app: FastifyInstance;
  request: FastifyRequest;
  sessionId: string;
  /** 233XXXXXXXXX, or null when the caller is not a Ghana mobile number. */
  phone: string | null;
}

const localeOf = (data: SessionData): T.UssdLocale => (T.isUssdLocale(data.locale) ? data.locale : T.DEFAULT_USSD_LOCALE);

/** The screen's text, with the reason it is shown again. */
function render(screen: Screen, data: SessionData, reason?: T.UssdReason): string {
  const locale = localeOf(data);
  const cause = { name: data.causeName ?? '', raised: data.raised ?? 0, goal: data.goal ?? 0 };
  switch (screen) {
    case 'menu':
      return T.mainMenu(locale, reason);
    case 'give_code':
      return T.askCauseCode(locale, 'give', reason);
    case 'check_code':
      return T.askCauseCode(locale, 'check', reason);
    case 'give_amount':
      return T.askAmount(locale, cause, reason);
    case 'give_confirm':
      return T.confirmGift(locale, { name: cause.name, amount: data.amount ?? 0 }, reason);
    case 'give_consent':
      return T.askReceipts(locale, reason);
    case 'give_otp':
      return T.askOtp(locale, reason);
    case 'language':
      return T.languages(locale, reason);
  }
}

const show = (screen: Screen, data: SessionData): Next => ({ screen, data, tries: 0, text: render(screen, data), ended: false });
const finish = (screen: Screen, data: SessionData, text: string): Next => ({ screen, data, tries: 0, text, ended: true });

/** The same screen again with its reason; the third wrong try ends the session. */
function retry(screen: Screen, data: SessionData, tries: number, reason: T.UssdReason): Next {
  if (tries + 1 >= MAX_TRIES) return finish(screen, data, T.tooManyTries(localeOf(data)));
  return { screen, data, tries: tries + 1, text: render(screen, data, reason), ended: false };
}

/** Giving needs a wallet we can charge: the calling phone's. */
const canGive = (ctx: Context) => ctx.phone !== null && networkOfMobile(ctx.phone) !== null;

async function findCause(ctx: Context, code: string, giving: boolean) {
  if (!CAUSE_CODE_PATTERN.test(code)) return { reason: 'code_digits' as const };
  const cause = await ctx.app.repos.ussd.causeByCode(code);
  if (!cause) return { reason: 'no_such_cause' as const };
  if (giving && !acceptsDonations(cause.status, cause.acceptsDonationsAfterGoal)) return { reason: 'not_taking_gifts' as const };
  return { cause };
}

function giftAnswer(screen: Screen, data: SessionData, outcome: GiftOutcome): Next {
  const locale = localeOf(data);
  const gift = { name: data.causeName ?? '', amount: data.amount ?? 0 };
  if (outcome.kind === 'sending') return finish(screen, data, T.approveOnPhone(locale, gift));
  if (outcome.kind === 'not_accepting') return finish(screen, data, T.giftFailed(locale, T.giftStopped(locale)));
  // Our own English (an API error's detail) reads in the caller's language; a provider's own words stay as they came.
  if (outcome.kind === 'failed')
    return finish(screen, data, T.giftFailed(locale, outcome.why ? localizeText(outcome.why, locale) : T.giftUnreachable(locale)));
  const { charge } = outcome;
  if (charge.status === 'success') return finish(screen, data, T.giftReceived(locale, gift.amount));
  if (charge.status === 'failed') return finish(screen, data, T.giftFailed(locale, localizeText(charge.display_text, locale)));
  if (charge.status === 'send_otp') return show('give_otp', data);
  return finish(screen, data, T.approveOnPhone(locale, gift));
}

/** The language the calling phone picked last time (ussd_languages), else English. */
async function rememberedLocale(app: FastifyInstance, phone: string | null): Promise<T.UssdLocale> {
  const chosen = phone ? await app.repos.ussd.language(phone) : null;
  return T.isUssdLocale(chosen) ? chosen : T.DEFAULT_USSD_LOCALE;
}

/** The session's first screen: the menu, or straight to a cause's gift when its code was dialled (*920*44*123456#). */
async function opening(ctx: Context, dialled: string, locale: T.UssdLocale): Promise<Next> {
  const data: SessionData = { locale };
  if (!CAUSE_CODE_PATTERN.test(dialled)) return show('menu', data);
  if (!canGive(ctx)) return finish('menu', data, T.needsMobileMoney(data.locale!));
  return answer(ctx, { screen: 'give_code', data, tries: 0 }, dialled);
}

/** The next screen after `input` on the current one. */
async function answer(ctx: Context, current: { screen: Screen; data: SessionData; tries: number }, raw: string): Promise<Next> {
  const { screen, data, tries } = current;
  const locale = localeOf(data);
  const input = raw.trim();
  if (input.length > MAX_INPUT) return retry(screen, data, tries, 'too_long');
  switch (screen) {
    case 'menu':
      if (input === '1') return canGive(ctx) ? show('give_code', data) : finish(screen, data, T.needsMobileMoney(locale));
      if (input === '2') return show('check_code', data);
      if (input === '3') {
        const gifts = ctx.phone ? await ctx.app.repos.ussd.walletGifts(ctx.phone, 3) : [];
        return finish(screen, data, T.lastGifts(locale, gifts));
      }
      if (input === '0') return show('language', data);
      return retry(screen, data, tries, 'not_a_choice');
    case 'language': {
      const picked = T.USSD_LOCALES[Number(input) - 1];
      if (!/^\d$/.test(input) || !picked) return retry(screen, data, tries, 'not_a_choice');
      // Kept by number: the phone's next session opens in it (a caller who is not a Ghana mobile keeps it for this one).
      if (ctx.phone) await ctx.app.repos.ussd.rememberLanguage(ctx.phone, picked.code);
      return show('menu', { ...data, locale: picked.code });
    }
    case 'give_code':
    case 'check_code': {
      const found = await findCause(ctx, input, screen === 'give_code');
      if (!found.cause) return retry(screen, data, tries, found.reason);
      const { cause } = found;
      const figures = { causeId: cause.id, causeName: cause.name, raised: cause.currentAmount, goal: cause.targetAmount };
      if (screen === 'give_code') return show('give_amount', { ...data, ...figures });
      const facts = { name: cause.name, raised: cause.currentAmount, goal: cause.targetAmount, donors: cause.donorCount };
      return finish(screen, data, T.causeFacts(locale, { ...facts, daysLeft: daysLeft(cause.endDate) }));
    }
    case 'give_amount': {
      if (!/^\d+(\.\d+)?$/.test(input)) return retry(screen, data, tries, 'amount_format');
      const checked = checkAmount(input);
      if (!checked.ok) {
        const reason =
          checked.error === AMOUNT_ERRORS.max
            ? 'amount_max'
            : checked.error === AMOUNT_ERRORS.positive
              ? 'amount_positive'
              : 'amount_format';
        return retry(screen, data, tries, reason);
      }
      return show('give_confirm', { ...data, amount: checked.pesewas });
    }
    case 'give_confirm':
      if (input === '1') return show('give_consent', data);
      if (input === '2') return finish(screen, data, T.giftCancelled(locale));
      return retry(screen, data, tries, 'not_a_choice');
    case 'give_consent': {
      if (input !== '1' && input !== '2') return retry(screen, data, tries, 'not_a_choice');
      const receipts = input === '1';
      await recordUssdSmsConsent(ctx.app.repos, ctx.phone!, receipts);
      const gift = { sessionId: ctx.sessionId, causeId: data.causeId!, amount: data.amount!, phone: ctx.phone!, texts: receipts, locale };
      const outcome = await startUssdGift(ctx.app, ctx.request, { ...gift, network: networkOfMobile(ctx.phone!)! });
      return giftAnswer(screen, { ...data, receipts }, outcome);
    }
    case 'give_otp': {
      const otp = input.replace(/[\s-]/g, '');
      if (!/^\d{4,8}$/.test(otp)) return retry(screen, data, tries, 'otp_format');
      const session = await ctx.app.repos.ussd.session(ctx.sessionId);
      const outcome = session?.paymentReference
        ? await submitUssdOtp(ctx.app, ctx.request, session.paymentReference, otp)
        : await giftStatus(ctx.app, ctx.sessionId);
      // Past the code, a gift still pending waits on the phone's approval.
      return giftAnswer(screen, data, outcome.kind === 'charge' && outcome.charge.status === 'send_otp' ? { kind: 'sending' } : outcome);
    }
  }
}

const replay = (row: UssdSessionRow): UssdReply => ({ text: row.lastText, end: row.ended });

/** The new answer in a turn: all of it, or (cumulative) what follows the answers already seen. */
function newInput(turn: UssdTurn, session: UssdSessionRow): string {
  if (!turn.cumulative) return turn.input;
  const seen = session.lastKey ?? '';
  if (seen === '') return turn.input;
  if (turn.input.startsWith(`${seen}*`)) return turn.input.slice(seen.length + 1);
  return turn.input.slice(turn.input.lastIndexOf('*') + 1);
}

/** Answers one gateway request. Never throws for what a caller typed. */
export async function answerUssd(app: FastifyInstance, request: FastifyRequest, turn: UssdTurn): Promise<UssdReply> {
  const id = `${turn.gateway}:${turn.sessionId}`;
  const phone = normaliseGhanaMobile(turn.phone);
  const ctx: Context = { app, request, sessionId: id, phone };
  const session = await app.repos.ussd.session(id);

  if (!session) {
    const locale = await rememberedLocale(app, phone);
    if (turn.kind === 'end') return { text: T.goodbye(locale), end: true };
    // A continuing turn of a session we never opened: an Africa's Talking dial string (*384*1*123456#)
    // arrives as the first request's text, anything else is a session that is gone.
    const dialled = turn.kind === 'start' ? turn.input : turn.cumulative && !turn.input.includes('*') ? turn.input : null;
    if (dialled === null) return { text: T.sessionExpired(locale), end: true };
    const first = await opening(ctx, dialled.trim().slice(0, MAX_INPUT + 1), locale);
    const values = { screen: first.screen, data: first.data as Record<string, unknown>, tries: first.tries, lastText: first.text };
    const created = await app.repos.ussd.create({
      id,
      gateway: turn.gateway,
      phone: phone ?? turn.phone.slice(0, 32),
      ...values,
      lastKey: turn.key,
      ended: first.ended,
    });
    if (!created) {
      const other = await app.repos.ussd.session(id);
      return other ? replay(other) : { text: first.text, end: first.ended };
    }
    // Now and then, sessions long over are cleared (a few rows, by index).
    if (Math.random() < 0.02) await app.repos.ussd.prune();
    return { text: first.text, end: first.ended };
  }

  if (turn.key !== null && turn.key === session.lastKey) return replay(session);
  const data = session.data as SessionData;
  if (session.ended || Date.now() - session.updatedAt.getTime() > SESSION_IDLE_MS) {
    return { text: turn.kind === 'end' ? T.goodbye(localeOf(data)) : T.sessionExpired(localeOf(data)), end: true };
  }
  const next: Next =
    turn.kind === 'end'
      ? finish(session.screen as Screen, data, T.goodbye(localeOf(data)))
      : turn.kind === 'start'
        ? { screen: session.screen as Screen, data, tries: session.tries, text: session.lastText, ended: false }
        : await answer(ctx, { screen: session.screen as Screen, data, tries: session.tries }, newInput(turn, session));
  const saved = await app.repos.ussd.save(id, session.version, {
    screen: next.screen,
    data: next.data as Record<string, unknown>,
    tries: next.tries,
    lastKey: turn.key,
    lastText: next.text,
    ended: next.ended,
  });
  if (saved) return { text: next.text, end: next.ended };
  // Another process answered this session meanwhile (the same retry, most likely): its screen stands.
  const now = await app.repos.ussd.session(id);
  return now ? replay(now) : { text: next.text, end: next.ended };
}
