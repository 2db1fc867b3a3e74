// The message catalogs: complete in every language, compiled files current, every id used, plurals per language.
import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { checkCatalogs, compiledFiles, readCatalogs } from '../../scripts/i18n.mjs';
import { LOCALES, localeOfAcceptLanguage, pickLocale, type Locale } from '../../src/shared/i18n/locales';
import { intlLocales } from '../../src/shared/i18n/intl-locales';

const ROOT = new URL('../..', import.meta.url).pathname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' && dir.endsWith('shared') ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('message catalogs', () => {
  const areas = readCatalogs(ROOT);

  it('every language has every line, translated, with the English placeholders', () => {
    expect(Object.keys(areas).length).toBeGreaterThan(0);
    expect(checkCatalogs(areas)).toEqual([]);
  });

  it('the compiled modules are the ones the catalogs make (run `node scripts/i18n.mjs compile`)', () => {
    for (const [file, text] of Object.entries(compiledFiles(areas, ROOT))) expect(readFileSync(file, 'utf8'), file).toBe(text);
  });

  it('every id in the catalogs is used by the code, so no line is translated for nothing', () => {
    const code = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'sw'))].map((f) => readFileSync(f, 'utf8')).join('\n');
    const unused = Object.values(areas)
      .flatMap((byLocale) => byLocale.en?.items ?? [])
      .map((item) => item.msgctxt!)
      .filter((id) => !code.includes(`'${id}'`) && !code.includes(`"${id}"`));
    expect(unused).toEqual([]);
  });

  it('the checker finds a missing line, a stale translation and a changed placeholder', () => {
    const copy = mkdtempSync(join(tmpdir(), 'boafo-i18n-'));
    cpSync(join(ROOT, 'src/shared/i18n/catalogs'), join(copy, 'src/shared/i18n/catalogs'), { recursive: true });
    const file = (locale: string) => join(copy, 'src/shared/i18n/catalogs/common', `${locale}.po`);
    const twi = readFileSync(file('ak'), 'utf8');
    writeFileSync(file('ak'), twi.replace(/msgctxt "common.menu"\nmsgid "Menu"\nmsgstr "[^"]*"\n/, ''));
    writeFileSync(file('ee'), readFileSync(file('ee'), 'utf8').replace('msgid "Log in"', 'msgid "Sign in"'));
    writeFileSync(file('ha'), readFileSync(file('ha'), 'utf8').replace('magana da {language}', 'magana da {harshe}'));
    const problems = checkCatalogs(readCatalogs(copy)).join('\n');
    expect(problems).toContain('common/ak.po: common.menu is missing');
    expect(problems).toContain('common/ee.po: common.nav.logIn: its English changed');
    expect(problems).toContain('common/ha.po: common.language.changed: the translation');
  });
});

describe('plurals and the choice of language', () => {
  async function translator(locale: Locale) {
    const { messages } = (await import(`../../src/shared/i18n/compiled/web/locale-${locale}.ts`)) as { messages: Record<string, unknown> };
    const i18n = setupI18n();
    i18n.load(locale, messages as never);
    i18n.activate(locale, intlLocales(locale));
    return (count: number) => i18n._('common.causeCount', { count });
  }

  it('1 and 2 causes are worded apart in every language, and 0 where the catalog words it', async () => {
    const english = await translator('en');
    expect([english(0), english(1), english(2)]).toEqual(['No causes', '1 cause', '2 causes']);
    const hausa = await translator('ha');
    expect([hausa(1), hausa(2)]).toEqual(['Manufa 1', 'Manufofi 2']);
    for (const locale of LOCALES) {
      const count = await translator(locale);
      expect(count(1)).not.toBe(count(2).replace('2', '1'));
      expect(count(0)).not.toContain('0');
    }
  });

  it('Intl formats follow the language where this runtime knows it, else Ghana English', () => {
    expect(intlLocales('en')).toEqual(['en-GH']);
    expect(intlLocales('ha')).toEqual(['ha', 'en-GH']);
    // No runtime has CLDR data for Ga: it falls back.
    expect(intlLocales('gaa')).toEqual(['en-GH']);
  });

  it('the browser and Accept-Language choose our languages, Twi by any of its tags', () => {
    expect(pickLocale(['fr-FR', 'tw-GH', 'en'])).toBe('ak');
    expect(pickLocale(['de'])).toBe('en');
    expect(localeOfAcceptLanguage('en;q=0.5,ha-NG;q=0.9')).toBe('ha');
    expect(localeOfAcceptLanguage('ee')).toBe('ee');
    expect(localeOfAcceptLanguage('x'.repeat(10_000))).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
