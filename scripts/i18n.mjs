#!/usr/bin/env node
/**
 * The message catalogs: gettext PO files a volunteer translator edits (Weblate, Crowdin and Poedit read them),
 * compiled into Lingui's compiled format as TypeScript modules the app and the server import.
 *
 *   src/shared/i18n/catalogs/<area>/<locale>.po   one file per screen area and language (what translators edit)
 *   src/shared/i18n/compiled/web/locale-<l>.ts     every web area of one language: the app loads only the active one
 *   src/shared/i18n/compiled/server/<l>.ts         the server's own areas (mail, PDFs, errors, SMS, USSD)
 *   src/shared/i18n/message-ids.gen.ts             the ids as TypeScript types, so a typo fails the type check
 *   src/shared/i18n/review-stats.gen.ts            how many lines of each language a native speaker has reviewed
 *
 * In a PO entry, `msgctxt` is the message's id, `msgid` the English text and `msgstr` the translation (ICU
 * MessageFormat: {name}, {count, plural, one {# cause} other {# causes}}). A line drafted by a machine carries
 * the `fuzzy` flag until a native speaker reviews it and removes the flag; it is shipped meanwhile (a draft reads
 * better than English to most donors) and counted as not reviewed.
 *
 *   node scripts/i18n.mjs compile          write the compiled modules (the build runs this)
 *   node scripts/i18n.mjs check            exit 1 when a catalog is incomplete, stale or its placeholders differ
 *   node scripts/i18n.mjs import FILE.json add or replace entries: {"area": {"id": {"en": "...", "ak": "...", ...}}}
 *                                          (non-English lines are marked fuzzy unless "reviewed": true)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const ROOT = new URL('..', import.meta.url).pathname;
const LOCALES = ['en', 'ak', 'ee', 'ha', 'gaa'];
const LANGUAGE_NAMES = { en: 'English', ak: 'Akan (Twi)', ee: 'Ewe', ha: 'Hausa', gaa: 'Ga' };
/** Areas only the server speaks (mail, documents, error texts, SMS, USSD): the app never downloads them. */
const SERVER_AREAS = new Set(['errors', 'mail', 'documents', 'sms', 'ussd', 'server']);

function paths(root) {
  const base = join(root, 'src/shared/i18n');
  return { catalogs: join(base, 'catalogs'), compiled: join(base, 'compiled'), base };
}

/** Every area's catalogs: { area: { locale: PO } }. */
export function readCatalogs(root = ROOT) {
  const { catalogs } = paths(root);
  const areas = {};
  if (!existsSync(catalogs)) return areas;
  for (const area of readdirSync(catalogs).sort()) {
    areas[area] = {};
    for (const locale of LOCALES) {
      const file = join(catalogs, area, `${locale}.po`);
      areas[area][locale] = existsSync(file) ? PO.parse(readFileSync(file, 'utf8')) : null;
    }
  }
  return areas;
}

/** The placeholder names a message uses ({name}, {count, plural, …}), sorted; throws on bad ICU. */
function placeholders(text) {
  const names = new Set();
  const visit = (tokens) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      if (token[2] && typeof token[2] === 'object') for (const branch of Object.values(token[2])) if (Array.isArray(branch)) visit(branch);
    }
  };
  const compiled = compileMessage(text);
  if (Array.isArray(compiled)) visit(compiled);
  return [...names].sort().join(',');
}

/** Problems that make a catalog unfit to ship, as sentences naming the file and the id. */
export function checkCatalogs(areas) {
  const problems = [];
  for (const [area, byLocale] of Object.entries(areas)) {
    const english = byLocale.en;
    if (!english) {
      problems.push(`${area}: en.po is missing (English is the source of every other language)`);
      continue;
    }
    const source = new Map();
    for (const item of english.items) {
      if (!item.msgctxt) problems.push(`${area}/en.po: "${item.msgid}" has no msgctxt (its id)`);
      else if (source.has(item.msgctxt)) problems.push(`${area}/en.po: ${item.msgctxt} is there twice`);
      else source.set(item.msgctxt, item.msgid);
      try {
        placeholders(item.msgid);
      } catch (error) {
        problems.push(`${area}/en.po: ${item.msgctxt} is not valid ICU MessageFormat (${error.message})`);
      }
    }
    for (const locale of LOCALES.slice(1)) {
      const po = byLocale[locale];
      if (!po) {
        problems.push(`${area}/${locale}.po is missing`);
        continue;
      }
      const seen = new Set();
      for (const item of po.items) {
        const where = `${area}/${locale}.po: ${item.msgctxt}`;
        seen.add(item.msgctxt);
        if (!source.has(item.msgctxt)) problems.push(`${where} is not in en.po (remove it)`);
        else if (source.get(item.msgctxt) !== item.msgid) problems.push(`${where}: its English changed; translate it again`);
        else if (!item.msgstr[0]) problems.push(`${where} has no translation`);
        else {
          try {
            if (placeholders(item.msgstr[0]) !== placeholders(item.msgid))
              problems.push(`${where}: the translation's placeholders differ from the English`);
          } catch (error) {
            problems.push(`${where}: not valid ICU MessageFormat (${error.message})`);
          }
        }
      }
      for (const id of source.keys()) if (!seen.has(id)) problems.push(`${area}/${locale}.po: ${id} is missing`);
    }
  }
  return problems;
}

function moduleText(comment, messages, web) {
  // JSON.parse of one string literal: parsed faster than an object literal, and no code in a catalog.
  const json = JSON.stringify(JSON.stringify(messages));
  // The app asks the service worker to keep the active language's file (its address is only known once loaded).
  const url = web ? `\n/** Where this file was loaded from. */\nexport const catalogUrl: string = import.meta.url;\n` : '';
  return `// Generated by scripts/i18n.mjs from ${comment}. Do not edit: edit the .po files and run \`node scripts/i18n.mjs compile\`.\nimport type { Messages } from '@lingui/core';\n\nexport const messages: Messages = JSON.parse(${json});\n${url}`;
}

/** The generated files, as { relative path: text }. */
export function compiledFiles(areas, root = ROOT) {
  const { compiled, base } = paths(root);
  const files = {};
  const ids = { web: [], server: [] };
  const stats = {};
  for (const locale of LOCALES) {
    const bundles = { web: {}, server: {} };
    let total = 0;
    let reviewed = 0;
    for (const [area, byLocale] of Object.entries(areas)) {
      const side = SERVER_AREAS.has(area) ? 'server' : 'web';
      const english = new Map((byLocale.en?.items ?? []).map((item) => [item.msgctxt, item.msgid]));
      const translated = new Map((byLocale[locale]?.items ?? []).map((item) => [item.msgctxt, item]));
      for (const [id, text] of english) {
        const item = translated.get(id);
        const usable = item && item.msgid === text && item.msgstr[0];
        bundles[side][id] = compileMessage(usable ? item.msgstr[0] : text);
        total += 1;
        if (locale === 'en' || (usable && !item.flags.fuzzy)) reviewed += 1;
        if (locale === 'en') ids[side].push(id);
      }
    }
    stats[locale] = { total, reviewed };
    files[join(compiled, 'web', `locale-${locale}.ts`)] = moduleText(`the web areas' ${locale}.po`, bundles.web, true);
    files[join(compiled, 'server', `${locale}.ts`)] = moduleText(`the server areas' ${locale}.po`, bundles.server, false);
  }
  const union = (list) =>
    list.length
      ? list
          .sort()
          .map((id) => `\n  | '${id}'`)
          .join('')
      : ' never';
  files[join(base, 'message-ids.gen.ts')] =
    `// Generated by scripts/i18n.mjs from the English catalogs. Do not edit.\n` +
    `/** An id of a message the app shows. */\nexport type WebMessageId =${union(ids.web)};\n\n` +
    `/** An id of a message only the server writes (mail, PDFs, errors, SMS, USSD). */\nexport type ServerMessageId =${union(ids.server)};\n`;
  files[join(base, 'review-stats.gen.ts')] =
    `// Generated by scripts/i18n.mjs. Do not edit.\n/** Per language: lines in all, and lines a native speaker has reviewed (not marked fuzzy). */\n` +
    `export const REVIEW_STATS: Record<string, { total: number; reviewed: number }> = ${JSON.stringify(stats)};\n`;
  return files;
}

/** Writes the compiled modules whose text changed; returns the paths written. */
export function compile(root = ROOT) {
  const written = [];
  for (const [file, text] of Object.entries(compiledFiles(readCatalogs(root), root))) {
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    written.push(file);
  }
  return written;
}

function header(locale) {
  const po = new PO();
  po.headers = {
    'Content-Type': 'text/plain; charset=UTF-8',
    'Content-Transfer-Encoding': '8bit',
    Language: locale,
    'Language-Team': LANGUAGE_NAMES[locale],
    'MIME-Version': '1.0',
  };
  return po;
}

/** Adds or replaces entries from {"area": {"id": {"en": "...", "ak": "...", "note": "...", "reviewed": false}}}. */
export function importEntries(table, root = ROOT) {
  const { catalogs } = paths(root);
  for (const [area, entries] of Object.entries(table)) {
    mkdirSync(join(catalogs, area), { recursive: true });
    for (const locale of LOCALES) {
      const file = join(catalogs, area, `${locale}.po`);
      const po = existsSync(file) ? PO.parse(readFileSync(file, 'utf8')) : header(locale);
      for (const [id, entry] of Object.entries(entries)) {
        if (typeof entry[locale] !== 'string') throw new Error(`${area} ${id}: no ${locale} text`);
        const item = po.items.find((existing) => existing.msgctxt === id) ?? new PO.Item();
        if (!po.items.includes(item)) po.items.push(item);
        item.msgctxt = id;
        item.msgid = entry.en;
        item.msgstr = [entry[locale]];
        item.extractedComments = entry.note ? [entry.note] : [];
        item.flags = locale !== 'en' && !entry.reviewed ? { fuzzy: true } : {};
      }
      writeFileSync(file, po.toString() + '\n');
    }
  }
}

if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  const [command, arg] = process.argv.slice(2);
  if (command === 'compile') {
    const written = compile();
    console.log(written.length ? `Compiled ${written.length} catalog module(s).` : 'Catalogs are up to date.');
  } else if (command === 'check') {
    const problems = checkCatalogs(readCatalogs());
    for (const problem of problems) console.log(problem);
    console.log(problems.length ? `${problems.length} problem(s) in the catalogs.` : 'Every catalog is complete.');
    process.exit(problems.length ? 1 : 0);
  } else if (command === 'import' && arg) {
    importEntries(JSON.parse(readFileSync(arg, 'utf8')));
    console.log(`Imported ${arg}; run compile next.`);
  } else {
    console.log('Usage: node scripts/i18n.mjs compile | check | import FILE.json');
    process.exit(2);
  }
}
