/**
 * A cause's printable poster (issue #32): an A4 PDF with the title, the cover picture, the goal, a QR
 * code that a camera reads as the cause's address, and what a feature phone dials; the flyer page
 * carries four of them. Read back from the PDF itself: its text, its embedded JPEG, and the QR codes
 * decoded from the squares it draws. Only the organizer and admins may print; only approved causes. In the
 * organizer's language: the app's (?lang=), else their account's, with every letter drawn by the fonts.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { backends } from './helpers/backends';
import { bearer, multipartBody, newSession, useApp } from './helpers/app';
import { ADMIN, createCause } from './helpers/causes';
import { scene } from './helpers/giving';
import { pdfText } from './helpers/pdf-text';
import { pdfQrCodes, pdfRectangles } from './helpers/pdf-qr';
import { LOCALES } from '../../src/shared/i18n/locales';
import { drawable, loadPdfKit } from '../../src/server/documents/pdf-kit';
import * as W from '../../src/server/documents/poster-text';

const PUBLIC_URL = 'https://give.boafo.example';

describe.each(backends)('cause posters on $name', (backend) => {
  const ctx = useApp(backend, {
    admin: ADMIN,
    publicUrl: PUBLIC_URL,
    ussd: { serviceCode: '*920*44#', gatewayToken: null, allowedIps: [] },
  });

  // One cause with a cover for the whole file: creating it (sign-ups, picture variants) is most of the time.
  let shared: ReturnType<typeof makeCauseWithCover> | null = null;
  const causeWithCover = () => (shared ??= makeCauseWithCover());

  async function makeCauseWithCover() {
    const { admin, organizer } = await scene(ctx.app);
    const cover = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#2a7a4b' } })
      .webp()
      .toBuffer();
    const { payload, headers } = await multipartBody({
      name: 'New roof for Nkawkaw Methodist School',
      description: 'The rains came through the roof.',
      target_amount: '12500',
      cover_image: { filename: 'roof.webp', contentType: 'image/webp', data: cover },
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/causes/create/',
      payload,
      headers: { ...headers, ...bearer(organizer.access) },
    });
    expect(created.statusCode).toBe(201);
    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/causes/${created.json().id}/approve/`,
      headers: bearer(admin.access),
    });
    return { admin, organizer, cause: approved.json() as { id: string; short_code: string } };
  }

  const poster = (id: string, access: string | null, format?: string) =>
    ctx.app.inject({ url: `/api/causes/${id}/poster.pdf${format ? `?format=${format}` : ''}`, headers: access ? bearer(access) : {} });

  it('prints an A4 poster whose QR code reads as the cause’s address, with its picture, goal and what to dial', async () => {
    const { organizer, cause } = await causeWithCover();
    const res = await poster(cause.id, organizer.access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="boafo-poster-${cause.short_code}-a4.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[\s*0 0 595\.28 841\.89\s*\]/);
    const text = pdfText(pdf);
    // Wrapped to the poster's width (where it breaks depends on the font's widths).
    expect(text.replace(/\s+/g, ' ')).toContain('New roof for Nkawkaw Methodist School');
    expect(text).toContain('Goal: GHS 12,500.00');
    expect(text).toContain(`Dial *920*44*${cause.short_code}#`);
    expect(text).toContain(`Cause code ${cause.short_code}`);
    // The WebP cover went in as a JPEG.
    expect(pdf.toString('latin1')).toContain('/DCTDecode');
    expect(pdfQrCodes(pdf)).toEqual([`${PUBLIC_URL}/causes/${cause.id}`]);
  });

  it('prints four flyers to a page, each with a QR code that reads', async () => {
    const { admin, cause } = await causeWithCover();
    const res = await poster(cause.id, admin.access, 'flyer');
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(
      pdfText(pdf)
        .split('\n')
        .filter((line) => line === `Dial *920*44*${cause.short_code}#`),
    ).toHaveLength(4);
    expect(pdfQrCodes(pdf)).toEqual(Array(4).fill(`${PUBLIC_URL}/causes/${cause.id}`));
  });

  it('prints the cause code alone when no USSD service code is set, and without a picture when there is none', async () => {
    const { organizer, causeId } = await scene(ctx.app);
    const saved = ctx.app.config.ussd;
    try {
      ctx.app.config.ussd = { ...saved, serviceCode: null };
      const pdf = (await poster(causeId, organizer.access)).rawPayload;
      const text = pdfText(pdf);
      expect(text).not.toContain('Dial');
      expect(text).toMatch(/Cause code [1-9]\d{5}/);
      expect(pdf.toString('latin1')).not.toContain('/DCTDecode');
      expect(pdfQrCodes(pdf)).toEqual([`${PUBLIC_URL}/causes/${causeId}`]);
      // Nothing but the QR code is drawn as `re` rectangles, so the decoding above read all there was.
      expect(pdfRectangles(pdf).length).toBeGreaterThan(20);
    } finally {
      ctx.app.config.ussd = saved;
    }
  });

  it('prints in Ewe for an organizer whose account reads Ewe (or who asks with ?lang=), with Ewe letters, and its QR still reads', async () => {
    const { organizer, causeId } = await scene(ctx.app, { name: 'Nunya sukuvi ƒe agbalẽwo', target_amount: '2500.00' });
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile/',
      headers: bearer(organizer.access),
      payload: { locale: 'ee' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const res = await poster(causeId, organizer.access);
    expect(res.statusCode).toBe(200);
    const code = /boafo-poster-(\d{6})-a4\.pdf/.exec(String(res.headers['content-disposition']))![1];
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    for (const words of [
      'Taflatse, kpe ɖe eŋu',
      'Nunya sukuvi ƒe agbalẽwo',
      'Taɖodzinu: GHS 2,500.00',
      'Scan be nàna nu le intanɛt dzi',
      'Smartphone mele asiwò o? Data meli o?',
      `Ƒo *920*44*${code}#`,
      'eye nàda asi ɖe mobile money biabia la te le wò fon dzi.',
      `Kpekpeɖeŋu ƒe kɔd ${code}`,
      'Boafo: woɖea nunana ɖesiaɖe fiana le kpekpeɖeŋu la ƒe axa dzi. Akpe!',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('?'.repeat(2));
    expect(text).not.toContain('Please help');
    expect(pdfQrCodes(res.rawPayload)).toEqual([`${PUBLIC_URL}/causes/${causeId}`]);
    // What the app asks for wins (it sends the language it shows); a language we do not have is refused.
    const hausa = pdfText((await poster(causeId, organizer.access, 'flyer&lang=ha')).rawPayload);
    expect(hausa.split('\n').filter((line) => line === 'Don Allah a taimaka')).toHaveLength(4);
    expect((await poster(causeId, organizer.access, 'a4&lang=fr')).statusCode).toBe(400);
  });

  it('has every letter of every language’s poster words in the fonts it embeds', async () => {
    const kit = await loadPdfKit();
    const fonts = await kit.embedFonts(await kit.lib.PDFDocument.create());
    for (const locale of LOCALES) {
      const words = [
        W.posterTitle(locale, 'x'),
        W.pleaseHelp(locale),
        W.goalLine(locale, 500_000),
        W.goalLine(locale, 0),
        W.scanToGive(locale),
        W.noSmartphone(locale),
        W.dialLine(locale, '*920*44*123456#', '123456'),
        W.dialHint(locale, '*920*44*123456#'),
        W.dialHint(locale, null),
        W.causeCodeLine(locale, '123456'),
        W.footer(locale),
      ];
      for (const line of words)
        for (const font of [fonts.regular, fonts.bold]) expect(drawable(line, font), locale).toBe(line.normalize('NFC'));
    }
  });

  it('lets only the organizer and admins print, only approved causes, and refuses a bad format', async () => {
    const { organizer, cause } = await causeWithCover();
    const stranger = await newSession(ctx.app);
    expect((await poster(cause.id, null)).statusCode).toBe(401);
    const refused = await poster(cause.id, stranger.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: "Only the cause's organizer or an admin can print its poster.", code: 'permission_denied' });
    const draft = await createCause(ctx.app, organizer.access);
    expect((await poster(draft.id, stranger.access)).statusCode).toBe(404);
    const early = await poster(draft.id, organizer.access);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('conflict');
    expect((await poster('not-a-uuid', organizer.access)).statusCode).toBe(404);
    const format = await poster(cause.id, organizer.access, 'a3');
    expect(format.statusCode).toBe(400);
    expect(format.json().errors.format).toBeDefined();
  });
});
