/**
 * In-app notifications in the reader's language: rows keep the English the server wrote from the `server`
 * catalog, and the list, the socket and Web Push put it into the reader's language (Accept-Language or the
 * app's cookie for the list and a socket, the account's own choice for a push). The cause's title and words
 * the catalogs do not know stay as written; English readers see the rows unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../src/server/lib/i18n';
import { english, localizeText } from '../../src/server/lib/localize';
import { notify } from '../../src/server/repositories/notifications';
import { messages as serverEnglish } from '../../src/shared/i18n/compiled/server/en';
import type { ServerMessageId } from '../../src/shared/i18n/message-ids.gen';
import { LOCALES } from '../../src/shared/i18n/locales';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { ADMIN } from './helpers/causes';
import { startFakePush, subscribe, TEST_PUSH, type FakePush } from './helpers/fake-push';
import { donate, sandboxDecide, scene, verify } from './helpers/giving';
import { authedSocket, closeAll, socketUrl, waitFor, type NotificationMessage, type TestSocket } from './helpers/realtime';

const NOTICE_IDS = Object.keys(serverEnglish).filter((id) => id.startsWith('server.notice.')) as ServerMessageId[];

/** The placeholders of a compiled message, each given a value with quotes and punctuation, as a cause's title may have. */
function sampleValues(id: ServerMessageId): Record<string, string> {
  const tokens = serverEnglish[id] as unknown as (string | string[])[];
  const names = tokens.filter((token): token is string[] => Array.isArray(token)).map((token) => token[0]!);
  return Object.fromEntries(names.map((name, i) => [name, `Ɛkwan-${i} "${name}", à: 1.00`]));
}

describe('the notices catalog', () => {
  it('reads every notice back from its English into each language, with the values as written', () => {
    expect(NOTICE_IDS.length).toBeGreaterThan(40);
    for (const id of NOTICE_IDS) {
      const values = sampleValues(id);
      for (const locale of LOCALES) {
        // Another notice with fewer words must never claim this one's English.
        expect(localizeText(english(id, values), locale), `${id} in ${locale}`).toBe(translator(locale)(id, values));
      }
    }
  });
});

describe.each(backends)('notifications in the reader’s language on $name', (backend) => {
  const ctx = useApp(backend, { admin: ADMIN, push: TEST_PUSH });
  const open: TestSocket[] = [];
  let fake: FakePush;
  beforeAll(async () => {
    fake = await startFakePush();
  });
  afterAll(async () => {
    closeAll(...open);
    await fake?.close();
  });

  async function settle(causeId: string, access: string, extra: Record<string, unknown> = {}) {
    const start = await donate(ctx.app, causeId, '40.00', extra, access);
    await sandboxDecide(ctx.app, start.reference, 'success');
    expect((await verify(ctx.app, start.reference)).json().status).toBe('success');
  }

  const list = async (access: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ url: '/api/notifications/', headers: { ...bearer(access), ...headers } });
    expect(res.statusCode).toBe(200);
    return res.json().results as NotificationMessage[];
  };

  it("lists a settled gift's notices in Twi by Accept-Language, Hausa by the cookie, and English unchanged", async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    await settle(causeId, donor.access, { first_name: 'Kwabena', last_name: 'Mensah' });

    const [inEnglish] = await list(donor.access);
    const cause = inEnglish!.cause!;
    expect(cause).toMatch(/^Borehole for Walewale/);
    expect(inEnglish).toMatchObject({ title: 'Donation confirmed', message: `Your donation of GH₵40.00 to "${cause}" is confirmed.` });

    const [inTwi] = await list(donor.access, { 'accept-language': 'ak' });
    expect(inTwi).toEqual({
      ...inEnglish,
      title: 'Wɔagye wo ntoboa atom',
      message: `Wɔagye wo ntoboa GH₵40.00 a wode maa "${cause}" no atom.`,
    });

    // The organizer's, with the donor's name as they typed it; the app's cookie comes before the browser's language.
    const [hausa] = await list(organizer.access, { 'accept-language': 'ak', cookie: 'boafo_locale=ha' });
    expect(hausa).toMatchObject({ title: 'Sabuwar gudummawa', message: `Kwabena Mensah ya ba da GH₵40.00 ga "${cause}"` });
    const [plain] = await list(organizer.access);
    expect(plain).toMatchObject({ title: 'New donation', message: `Kwabena Mensah donated GH₵40.00 to "${cause}"` });

    // Marking one read answers it in the reader's language too.
    const read = await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${inTwi!.id}/read/`,
      headers: { ...bearer(donor.access), 'accept-language': 'ee' },
    });
    expect(read.json()).toMatchObject({ title: 'Woɖo kpe wò nunana dzi', is_read: true });
  });

  it('leaves a text the catalogs do not know as written, and a reviewer’s reason inside a known one', async () => {
    const user = await newSession(ctx.app);
    await notify(ctx.app.db, user.id, { title: 'A word from the team', message: 'Donation confirmed, thank you' });
    await notify(ctx.app.db, user.id, {
      title: english('server.notice.causeNotApproved.title'),
      message: english('server.notice.causeNotApproved.message', { cause: 'Water for Tamale', reason: 'Add a photo of the borehole.' }),
    });
    const [rejected, unknown] = await list(user.access, { 'accept-language': 'gaa' });
    expect(unknown).toMatchObject({ title: 'A word from the team', message: 'Donation confirmed, thank you' });
    expect(rejected).toMatchObject({
      title: 'Akpɛlɛɛɛ yelikɛbuamɔ lɛ nɔ',
      message: 'Akpɛlɛɛɛ oyelikɛbuamɔ "Water for Tamale" lɛ nɔ: Add a photo of the borehole.',
    });
  });

  it('sends a new notification to each socket in the language it was opened in', async () => {
    const url = await socketUrl(ctx.app);
    const { causeId } = await scene(ctx.app);
    const donor = await newSession(ctx.app);
    const ewe = open[open.push(await authedSocket(url, donor.access, { headers: { 'accept-language': 'ee-GH,en;q=0.5' } })) - 1]!;
    const ga = open[open.push(await authedSocket(url, donor.access, { headers: { cookie: 'boafo_locale=gaa' } })) - 1]!;
    const plain = open[open.push(await authedSocket(url, donor.access)) - 1]!;

    await settle(causeId, donor.access);
    const inEnglish = await plain.next<NotificationMessage>((m) => m.type === 'notification');
    const cause = inEnglish.cause!;
    expect(inEnglish).toMatchObject({ title: 'Donation confirmed', message: `Your donation of GH₵40.00 to "${cause}" is confirmed.` });
    expect(await ewe.next((m) => m.type === 'notification')).toEqual({
      ...inEnglish,
      title: 'Woɖo kpe wò nunana dzi',
      message: `Woɖo kpe wò nunana GH₵40.00 na "${cause}" dzi.`,
    });
    expect(await ga.next((m) => m.type === 'notification')).toMatchObject({
      id: inEnglish.id,
      title: 'Akpɛlɛ onikeenii lɛ nɔ',
      message: `Akpɛlɛ onikeenii GH₵40.00 kɛha "${cause}" lɛ nɔ.`,
    });
  });

  it("pushes a notification in the account's own language", async () => {
    const user = await newSession(ctx.app);
    const form = await multipartBody({ locale: 'ha' });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: { ...bearer(user.access), ...form.headers },
      payload: form.payload,
    });
    expect(put.json().locale).toBe('ha');
    const { path, keys } = await subscribe(ctx.app, fake, user.access);

    await notify(ctx.app.db, user.id, {
      title: english('server.notice.payoutChanged.title'),
      message: english('server.notice.payoutChanged.message', { destination: 'MTN ****4567' }),
    });
    const request = await waitFor('the push request', () => fake.requests.find((r) => r.path === path));
    expect(keys.decrypt(request.body)).toMatchObject({
      title: 'An canza bayanan cire kuɗi',
      body: 'Yanzu kuɗin da aka cire za su tafi zuwa MTN ****4567. Idan ba kai ba ne, yi amfani da mahaɗin da muka aika maka ta imel don soke shi.',
    });
  });
});
