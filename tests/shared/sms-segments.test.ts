import { describe, expect, it } from 'vitest';
import { gsm7Septets, smsSegments } from '../../src/shared/sms-segments';

describe('SMS parts, counted as networks count them', () => {
  it('fits 160 GSM-7 characters in one SMS and splits the 161st into two parts of 153', () => {
    expect(smsSegments('a'.repeat(160))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1, perPart: 160, remaining: 0 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ encoding: 'gsm7', units: 161, parts: 2, perPart: 153, remaining: 145 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ parts: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ parts: 3 });
    expect(smsSegments('')).toMatchObject({ parts: 0, units: 0, remaining: 160 });
  });

  it('counts the whole basic table as one septet, with accents, Greek capitals and line breaks', () => {
    const basic = '@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà\n\r !"#%&\'()*+,-./:;<=>?';
    expect(smsSegments(basic)).toMatchObject({ encoding: 'gsm7', units: [...basic].length, unicodeCharacters: [] });
  });

  it('counts each extension character as two septets and never cuts one between parts', () => {
    for (const c of '€[]{}\\^~|\f') expect(gsm7Septets(c), c).toBe(2);
    expect(smsSegments('€'.repeat(80))).toMatchObject({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsSegments('€'.repeat(81))).toMatchObject({ units: 162, parts: 2 });
    // 152 plain septets, then a two-septet character: it moves whole to the second part.
    const straddling = `${'a'.repeat(152)}€${'a'.repeat(10)}`;
    expect(smsSegments(straddling)).toMatchObject({ units: 164, parts: 2, remaining: 153 - 12 });
  });

  it('turns the whole text into UCS-2 for one character outside GSM-7: 70 in one SMS, 67 a part', () => {
    const twi = 'Yɛda wo ase';
    expect(smsSegments(twi)).toMatchObject({ encoding: 'ucs2', units: 11, parts: 1, perPart: 70, unicodeCharacters: ['ɛ'] });
    expect(smsSegments(`ɔ${'a'.repeat(69)}`)).toMatchObject({ encoding: 'ucs2', units: 70, parts: 1, remaining: 0 });
    expect(smsSegments(`ɔ${'a'.repeat(70)}`)).toMatchObject({ units: 71, parts: 2, perPart: 67 });
    expect(smsSegments(`“${'a'.repeat(200)}”`)).toMatchObject({ units: 202, parts: 4, unicodeCharacters: ['“', '”'] });
    // In UCS-2 the extension characters are one unit like any other.
    expect(smsSegments('ɛ€')).toMatchObject({ units: 2 });
  });

  it('counts an emoji as two UTF-16 units and never cuts its pair between parts', () => {
    expect(smsSegments('🙏')).toMatchObject({ encoding: 'ucs2', units: 2, parts: 1, unicodeCharacters: ['🙏'] });
    expect(smsSegments('🙏'.repeat(35))).toMatchObject({ units: 70, parts: 1 });
    // 66 units, then a pair: it goes whole to the second part.
    expect(smsSegments(`${'ɛ'.repeat(66)}🙏${'a'.repeat(10)}`)).toMatchObject({ units: 78, parts: 2, remaining: 67 - 12 });
  });
});
