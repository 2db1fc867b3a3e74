/**
 * The link-preview picture of a cause (og:image): its cover, title and progress on one 1200×630
 * PNG, the size Facebook, WhatsApp and X crop to least. Text is an SVG overlay that libvips draws,
 * so there is no browser or font package to ship.
 */
import type { Locale } from '../../shared/i18n/locales';
import { formatGhs } from '../../shared/money';
import { translator, type Translate } from './i18n';
import { loadSharp } from './images';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
/** Where routes/media/og-card.ts answers with the card (the media plugin sits at /media). */
export const ogCardPath = (causeId: string) => `/media/og/causes/${causeId}.png`;
const COVER_WIDTH = 540;
const TEXT_LEFT = COVER_WIDTH + 56;
const TEXT_WIDTH = OG_WIDTH - TEXT_LEFT - 56;
const TITLE_SIZE = 52;
// DejaVu Sans averages a little over half an em per character: enough to break lines before the edge.
const TITLE_CHARS_PER_LINE = Math.floor(TEXT_WIDTH / (TITLE_SIZE * 0.56));
const TITLE_LINES = 4;

const PRIMARY = '#9c3d14';
const ACCENT = '#e8a317';
const TEXT = '#2a1d14';
const MUTED = '#5f4a3c';
const BACKGROUND = '#fffaf3';
const TRACK = '#f7ecdd';
const FONT = "'DejaVu Sans', 'Noto Sans', Arial, sans-serif";

export interface OgCardInput {
  title: string;
  /** Pesewas. */
  raised: number;
  /** Pesewas; 0 = no goal. */
  goal: number;
  /** Encoded image bytes (any format libvips reads), or null for the brand panel. */
  cover: Buffer | null;
  /** The cause's six-digit code and what a phone dials to give (`*920*44*123456#`), when it has them. */
  code?: string | null;
  dial?: string | null;
  /** The language of the words on the card (the page's that links to it); English when absent. */
  locale?: Locale;
}

export function escapeXml(text: string): string {
  return (
    text
      // Control characters are not allowed in XML 1.0 at all: librsvg would refuse the whole overlay.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Greedy word wrap; the last line ends in an ellipsis when the title does not fit. */
export function wrapTitle(title: string, perLine = TITLE_CHARS_PER_LINE, maxLines = TITLE_LINES): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  let overflow = false;
  for (const raw of words) {
    // A word longer than a line (a URL, a long name) is cut rather than pushed off the card.
    const word = raw.length > perLine ? `${raw.slice(0, perLine - 1)}…` : raw;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      overflow = true;
      break;
    }
  }
  if (!overflow && line) lines.push(line);
  if (lines.length === 0) return ['Boafo'];
  if (overflow) {
    const last = lines[maxLines - 1];
    lines[maxLines - 1] = `${last.length >= perLine ? last.slice(0, perLine - 1).trimEnd() : last}…`;
  }
  return lines;
}

/** The line for phones without data: what to dial, or the cause's code alone. */
export function phoneLine(t: Translate, code: string | null | undefined, dial: string | null | undefined): string | null {
  if (dial) return t('causes.share.phoneDial', { dial });
  return code ? t('causes.share.phoneCode', { code }) : null;
}

function overlay({ title, raised, goal, code, dial, locale }: OgCardInput, hasCover: boolean): string {
  const t = translator(locale);
  const percent = goal > 0 ? Math.min(100, Math.floor((raised * 100) / goal)) : 0;
  const lines = wrapTitle(title);
  const titleTop = 150;
  const lineHeight = Math.round(TITLE_SIZE * 1.2);
  const amountsTop = Math.max(titleTop + TITLE_SIZE + (lines.length - 1) * lineHeight + 64, 420);
  const barTop = amountsTop + 36;
  const phone = phoneLine(t, code, dial);
  const amounts =
    goal > 0
      ? t('causes.share.raisedOf', { raised: formatGhs(raised), goal: formatGhs(goal) })
      : t('causes.share.raised', { raised: formatGhs(raised) });
  // A sliver narrower than its rounded ends would draw as a dot.
  const filled = percent > 0 ? Math.max(24, Math.round((TEXT_WIDTH * percent) / 100)) : 0;
  // With no goal there is nothing to be a percentage of.
  const progress =
    goal > 0
      ? `<rect x="${TEXT_LEFT}" y="${barTop}" width="${TEXT_WIDTH}" height="24" rx="12" fill="${TRACK}"/>
  <rect x="${TEXT_LEFT}" y="${barTop}" width="${filled}" height="24" rx="12" fill="${PRIMARY}"/>
  <text x="${TEXT_LEFT}" y="${barTop + 70}" font-family="${FONT}" font-size="28" font-weight="bold" fill="${TEXT}">${escapeXml(t('causes.progress.valueText', { percent }))}</text>`
      : '';
  const brandPanel = hasCover
    ? ''
    : `<rect x="0" y="0" width="${COVER_WIDTH}" height="${OG_HEIGHT}" fill="${PRIMARY}"/>
  <text x="${COVER_WIDTH / 2}" y="${OG_HEIGHT / 2 + 30}" font-family="${FONT}" font-size="96" font-weight="bold" fill="${BACKGROUND}" text-anchor="middle">Boafo</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
  ${brandPanel}
  <rect x="${COVER_WIDTH}" y="0" width="12" height="${OG_HEIGHT}" fill="${ACCENT}"/>
  <text x="${TEXT_LEFT}" y="90" font-family="${FONT}" font-size="30" font-weight="bold" fill="${PRIMARY}">Boafo</text>
  <text font-family="${FONT}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${TEXT}">${lines
    .map((line, i) => `<tspan x="${TEXT_LEFT}" y="${titleTop + TITLE_SIZE + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('')}</text>
  <text x="${TEXT_LEFT}" y="${amountsTop}" font-family="${FONT}" font-size="28" fill="${MUTED}">${escapeXml(amounts)}</text>
  ${progress}
  ${phone ? `<text x="${OG_WIDTH - 56}" y="90" font-family="${FONT}" font-size="24" font-weight="bold" fill="${MUTED}" text-anchor="end">${escapeXml(phone)}</text>` : ''}
</svg>`;
}

export async function renderOgCard(input: OgCardInput): Promise<Buffer> {
  const sharp = await loadSharp();
  let cover: Buffer | null = null;
  if (input.cover) {
    // A cover libvips cannot read still gets a card, with the brand panel instead.
    cover = await sharp(input.cover, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: COVER_WIDTH, height: OG_HEIGHT, fit: 'cover' })
      .png()
      .toBuffer()
      .catch(() => null);
  }
  const layers = [
    ...(cover ? [{ input: cover, left: 0, top: 0 }] : []),
    { input: Buffer.from(overlay(input, cover !== null)), left: 0, top: 0 },
  ];
  return sharp({ create: { width: OG_WIDTH, height: OG_HEIGHT, channels: 3, background: BACKGROUND } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
