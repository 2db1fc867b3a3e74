/**
 * The API's words for people, in the reader's language. Code writes a text in English from the catalog
 * (`english(id, values)`), so the English lives in one place; an answer about to leave the server is put into
 * the request's language by `localizeText`, which knows every English text of the `errors` and `server`
 * catalogs, reads their values back out of the English (a "{name}" placeholder matches any text) and
 * writes the same message in the other language. A text the catalogs do not know (a provider's own words,
 * an organizer's reason) stays as it is. English answers are never touched.
 */
import type { ApiErrorBody } from '../../shared/contract/common';
import { messages as serverEnglish } from '../../shared/i18n/compiled/server/en';
import type { ServerMessageId } from '../../shared/i18n/message-ids.gen';
import { PASSWORD_MIN_LENGTH } from '../../shared/sign-in';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/i18n/locales';
import { translator, type MessageValues, type Translate } from './i18n';

/**
 * Lingui reads \uXXXX and \xXX in a finished message as the characters they name; a value that holds such text
 * ("null characters (\u0000)", someone's own words) must come out as written. A mark between the backslash and
 * the letter hides it from Lingui and is taken out afterwards.
 */
const HIDE = '\uE000';
export function asWritten(t: Translate): Translate {
  return (id, values) => {
    if (!values) return t(id, values);
    const hidden = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/\\(?=[ux])/g, `\\${HIDE}`) : value]),
    );
    return t(id, hidden).replaceAll(HIDE, '');
  };
}

const inEnglish = asWritten(translator(DEFAULT_LOCALE));

/** A server message in English: what the code writes, and what localizeText recognises. */
export const english = (id: ServerMessageId, values?: MessageValues): string => inEnglish(id, values);

/**
 * Texts the shared code writes (src/shared/sign-in.ts: the app shows the same rules as hints): the catalog holds
 * the same English, so they are answered in the reader's language too. tests/server/i18n-server.test.ts keeps them equal.
 */
export const SHARED_TEXTS = {
  passwordTooShort: english('errors.password.tooShort', { min: PASSWORD_MIN_LENGTH }),
  passwordNumeric: english('errors.password.numeric'),
};

/** The first of the candidates that is one of our languages (an account's choice, a payment's, …), else English. */
export function localeOf(...candidates: (string | null | undefined)[]): Locale {
  return candidates.find(isLocale) ?? DEFAULT_LOCALE;
}

/** Catalog areas whose English the API answers with. */
const ANSWER_AREAS = /^(errors|server)\./;

interface Pattern {
  id: ServerMessageId;
  names: string[];
  regex: RegExp;
  /** Letters outside the placeholders: the more, the more specific. */
  weight: number;
}

let index: { exact: Map<string, ServerMessageId>; patterns: Pattern[] } | null = null;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text → id, and the texts with {values} as patterns, built once from the compiled English catalog. */
function textIndex() {
  if (index) return index;
  const exact = new Map<string, ServerMessageId>();
  const patterns: Pattern[] = [];
  for (const [id, compiled] of Object.entries(serverEnglish)) {
    if (!ANSWER_AREAS.test(id)) continue;
    const tokens = (Array.isArray(compiled) ? compiled : [compiled]) as (string | unknown[])[];
    if (tokens.every((token) => typeof token === 'string')) {
      exact.set(tokens.join(''), id as ServerMessageId);
      continue;
    }
    // Only plain {name} placeholders can be read back; a plural is never matched (it stays in English).
    if (tokens.some((token) => Array.isArray(token) && token.length > 1)) continue;
    const names: string[] = [];
    let source = '';
    let weight = 0;
    for (const token of tokens) {
      if (typeof token === 'string') {
        source += escapeRegex(token);
        weight += token.length;
      } else {
        names.push(String(token[0]));
        source += '([\\s\\S]+?)';
      }
    }
    patterns.push({ id: id as ServerMessageId, names, regex: new RegExp(`^${source}$`), weight });
  }
  patterns.sort((a, b) => b.weight - a.weight);
  index = { exact, patterns };
  return index;
}

/** `text` in `locale` when the catalogs know its English; otherwise unchanged. */
export function localizeText(text: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE || !text) return text;
  const { exact, patterns } = textIndex();
  const t = asWritten(translator(locale));
  const id = exact.get(text);
  if (id) return t(id);
  for (const pattern of patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    // A value that is itself a known text ("…failed: {reason}") is put into the language too.
    const values = Object.fromEntries(
      pattern.names.map((name, i) => [name, exact.has(match[i + 1]!) ? t(exact.get(match[i + 1]!)!) : match[i + 1]]),
    );
    return t(pattern.id, values);
  }
  return text;
}

/** An error answer in `locale`: its detail and every field message; the code and the fields stay. */
export function localizeErrorBody(body: ApiErrorBody, locale: Locale): ApiErrorBody {
  if (locale === DEFAULT_LOCALE) return body;
  const detail = localizeText(body.detail, locale);
  if (!body.errors) return { ...body, detail };
  const errors = Object.fromEntries(Object.entries(body.errors).map(([field, list]) => [field, list.map((m) => localizeText(m, locale))]));
  return { ...body, detail, errors };
}
