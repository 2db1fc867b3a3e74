/**
 * Static HTML of the first screen of a deep link (the cause list's first page, a cause's details),
 * drawn from the same API answers the app will read. It uses the React components' markup and
 * classes, so the phone paints the real page before any JavaScript arrives, and React's first
 * render replaces it with the same thing. Links work as they are; buttons wait for the app (page-takeover.ts).
 */
import { CAUSE_ORDERINGS } from '../../shared/cause-list';
import type { Cause } from '../../shared/contract/causes';
import type { Paginated } from '../../shared/contract/common';
import { categoryName, donationBlockReason, imageWidths } from '../../shared/cause-display';
import { causeProgress } from '../../shared/cause-progress';
import { deadlineLabel } from '../../shared/cause-deadline';
import { formatDate } from '../../shared/dates';
import { formatGhs } from '../../shared/money';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute value → HTML that shows it as written (causes are written by anyone). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** The API's WebP size map ({"320w": "/media/…"}) as a srcset, narrowest first (as ResponsiveImage does). */
export function responsiveSrcSet(sizes: Record<string, string> | null | undefined): string | null {
  const entries = imageWidths(sizes);
  return entries.length ? entries.map(([width, url]) => `${url} ${width}w`).join(', ') : null;
}

interface ImageOptions {
  className: string;
  width: number;
  height: number;
  sizes: string;
  alt: string;
  /** The largest image of the first screen: fetched first, not lazily. */
  eager: boolean;
}

function image(cause: Cause, o: ImageOptions): string {
  // The path, not the absolute `image`: the painted page is on this server, whatever PUBLIC_URL says.
  const src = cause.cover_image;
  if (!src) {
    return `<span class="img-placeholder ${o.className}" style="aspect-ratio: ${o.width} / ${o.height}"><span aria-hidden="true">♥</span></span>`;
  }
  const srcSet = responsiveSrcSet(cause.cover_image_sizes);
  const loading = o.eager ? ' loading="eager" fetchpriority="high"' : ' loading="lazy"';
  const responsive = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${escapeHtml(o.sizes)}"` : '';
  return `<img src="${escapeHtml(src)}"${responsive} width="${o.width}" height="${o.height}"${loading} decoding="async" alt="${escapeHtml(o.alt)}" class="${o.className}">`;
}

/** "12 days left" / "Last day" / "Ended" as the card and the cause page draw it; '' when there is none. */
function deadline(cause: Cause): string {
  const label = deadlineLabel(cause);
  return label ? `<p class="cause-deadline">${escapeHtml(label)}</p>` : '';
}

function causeCard(cause: Cause, eager: boolean): string {
  const title = cause.title || cause.name;
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const category = categoryName(cause.category);
  return (
    `<article class="cause-card">${image(cause, { className: 'cause-card__image', width: 480, height: 270, sizes: '(max-width: 640px) 100vw, 50vw', alt: '', eager })}` +
    '<div class="cause-card__body">' +
    (category ? `<p class="cause-card__category">${escapeHtml(category)}</p>` : '') +
    `<h3 class="cause-card__title"><a href="/causes/${encodeURIComponent(cause.id)}">${escapeHtml(title)}</a></h3>` +
    `<p class="cause-card__description">${escapeHtml(cause.description)}</p>` +
    '<div class="cause-card__progress">' +
    `<div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${progress.percent}" aria-label="${escapeHtml(title)}: funding progress" aria-valuetext="${progress.percent}% funded"><span class="progress__bar" style="width: ${progress.percent}%"></span></div>` +
    `<p class="cause-card__amounts"><strong>${formatGhs(progress.collected)}</strong> raised of ${formatGhs(progress.goal)} · ${progress.percent}%</p>` +
    `</div>${deadline(cause)}</div></article>`
  );
}

const SVG =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

// The list's header and controls as the app draws them (cause-list-page.tsx), so the grid does not
// move when React takes over. Until then the controls do nothing; the links already work.
const LIST_TOP =
  '<div class="cause-list__top"><h1>Causes</h1><div class="cause-list__icons">' +
  `<a href="/cartpage" class="icon-link" aria-label="Cart"><svg ${SVG}><circle cx="9" cy="20" r="1.5"></circle><circle cx="18" cy="20" r="1.5"></circle><path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6"></path></svg></a>` +
  `<a href="/profilepage" class="icon-link" aria-label="Profile"><svg ${SVG}><circle cx="12" cy="8" r="4"></circle><path d="M4 21c0-4 4-6 8-6s8 2 8 6"></path></svg></a>` +
  '</div></div>';
const LIST_CONTROLS =
  '<form class="cause-list__controls" role="search">' +
  '<div class="field"><label for="cause-search">Search causes</label><input id="cause-search" type="search" placeholder="Search causes"></div>' +
  `<div class="field"><label for="cause-sort">Sort by</label><select id="cause-sort"><option>${CAUSE_ORDERINGS.date_created}</option></select></div>` +
  '<div class="field"><label for="cause-category">Category</label><select id="cause-category"><option>All categories</option></select></div>' +
  '</form>';

/** The first page of /causelistpage: heading and the two-column grid (controls come with the app). */
export function causeListSnapshot(page: Paginated<Cause>): { main: string; className: string } {
  const results = page.results;
  const half = Math.ceil(results.length / 2);
  const columns = [results.slice(0, half), results.slice(half)]
    .map(
      (column, c) =>
        `<ul class="cause-grid__column">${column.map((cause, i) => `<li>${causeCard(cause, c === 0 && i === 0)}</li>`).join('')}</ul>`,
    )
    .join('');
  const grid = results.length ? `<div class="cause-grid">${columns}</div>` : '<p class="empty">No causes yet.</p>';
  return {
    className: 'container page cause-list',
    main: `${LIST_TOP}${LIST_CONTROLS}<h2 class="visually-hidden">Cause results</h2><div>${grid}</div>`,
  };
}

const SHARE_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M18 8a3 3 0 1 0-2.9-3.7L8.6 7.6a3 3 0 1 0 0 4.8l6.5 3.3A3 3 0 1 0 16 14l-6.5-3.3a3 3 0 0 0 0-1.4L16 6a3 3 0 0 0 2 2z" fill="currentColor"></path></svg>';

/**
 * The panel's actions as the app draws them (cause-detail-page.tsx). Donate is a plain link to the
 * donation page, so it works before the app starts; Add to Cart and Share are pressed again by the
 * app once it has taken over (src/web/lib/page-takeover.ts), which matches them by their words.
 */
function panelActions(cause: Cause, title: string): string {
  const blocked = donationBlockReason(cause);
  const donate = blocked
    ? '<button type="button" class="button button--primary button--large" disabled aria-describedby="donate-blocked">Donate</button>' +
      `<p id="donate-blocked" class="field__hint">${escapeHtml(blocked)}</p>`
    : `<a class="button button--primary button--large" href="/donation?causeId=${encodeURIComponent(cause.id)}">Donate</a>`;
  const cart = `<button type="button" class="button button--secondary"${blocked ? ' disabled aria-describedby="donate-blocked"' : ''}>Add to Cart</button>`;
  const share = `<div class="share share--block"><button type="button" class="button button--secondary share__toggle">${SHARE_ICON}Share <span class="visually-hidden">${escapeHtml(title)}</span></button></div>`;
  return donate + cart + share;
}

/** The top of /causes/:id: image, title, facts, description and the raised panel. */
export function causeDetailSnapshot(cause: Cause): { main: string; className: string } {
  const title = cause.title || cause.name;
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const category = categoryName(cause.category);
  const facts =
    `<dt>Created by</dt><dd>${escapeHtml(cause.organizer_name || 'Organizer')}</dd>` +
    (category ? `<dt>Category</dt><dd>${escapeHtml(category)}</dd>` : '') +
    (cause.location ? `<dt>Location</dt><dd>${escapeHtml(cause.location)}</dd>` : '') +
    `<dt>Created</dt><dd><time datetime="${escapeHtml(cause.created_at)}">${escapeHtml(formatDate(cause.created_at))}</time></dd>` +
    (cause.short_code
      ? `<dt>Give by phone</dt><dd>${cause.ussd_dial ? `Dial <strong>${escapeHtml(cause.ussd_dial)}</strong>` : `Cause code <strong>${escapeHtml(cause.short_code)}</strong>`}</dd>`
      : '');
  const donors = `${cause.donor_count} ${cause.donor_count === 1 ? 'donor' : 'donors'}`;
  return {
    className: 'container page',
    main:
      '<p><a href="/causelistpage">← All causes</a></p><div class="cause-detail"><div class="cause-detail__head">' +
      image(cause, {
        className: 'cause-detail__image',
        width: 960,
        height: 540,
        sizes: '(max-width: 56rem) 100vw, 60vw',
        alt: title,
        eager: true,
      }) +
      `<h1>${escapeHtml(title)}</h1></div>` +
      `<aside class="cause-detail__panel" aria-label="Donations"><p class="cause-detail__raised">${formatGhs(progress.collected)}</p>` +
      `<p style="margin: 0">raised of ${formatGhs(progress.goal)} goal</p>` +
      `<div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${progress.percent}" aria-label="Funding progress" aria-valuetext="${progress.percent}% funded"><span class="progress__bar" style="width: ${progress.percent}%"></span></div>` +
      `<p style="margin: 0"><strong>${progress.percent}%</strong> funded · ${donors} · ${formatGhs(progress.remaining)} to go</p>` +
      (cause.recurring_donors !== undefined
        ? `<p class="cause-detail__recurring" style="margin: 0">${cause.recurring_donors} ${cause.recurring_donors === 1 ? 'donor gives' : 'donors give'} monthly</p>`
        : '') +
      deadline(cause) +
      panelActions(cause, title) +
      '</aside>' +
      `<div class="cause-detail__body"><h2 class="visually-hidden">Details</h2><dl class="cause-detail__meta">${facts}</dl>` +
      `<h2>About this cause</h2><p style="white-space: pre-line">${escapeHtml(cause.description)}</p></div></div>`,
  };
}
