/**
 * Static HTML of the first screen of a deep link (the cause list's first page, a cause's details),
 * drawn from the same API answers the app will read. It uses the React components' markup and
 * classes, so the phone paints the real page before any JavaScript arrives, and React's first
 * render replaces it with the same thing. Links work as they are; buttons wait for the app (page-takeover.ts).
 * Painted in the reader's language with the app's own message ids, so the words are the ones React will draw.
 */
import { CAUSE_ORDERINGS, type CauseOrdering } from '../../shared/cause-list';
import type { Cause } from '../../shared/contract/causes';
import type { Paginated } from '../../shared/contract/common';
import { categoryName, donationBlock, imageWidths, type DonationBlock } from '../../shared/cause-display';
import { causeProgress } from '../../shared/cause-progress';
import { deadlineOf, type Deadline } from '../../shared/cause-deadline';
import { formatDate } from '../../shared/dates';
import type { Locale } from '../../shared/i18n/locales';
import type { WebMessageId } from '../../shared/i18n/message-ids.gen';
import { slot } from '../../shared/i18n/slots';
import { formatGhs } from '../../shared/money';
import { saveDataImage } from '../../shared/save-data';
import { translator, type Translate } from '../lib/i18n';
import { escapeHtml, richHtml } from './html';

/** The same words as the app's (src/web/features/causes/lib/cause-words.ts). */
const ORDERING_LABELS: Record<CauseOrdering, WebMessageId> = {
  date_created: 'causes.list.sort.dateCreated',
  popularity: 'causes.list.sort.popularity',
  created_by: 'causes.list.sort.createdBy',
  category: 'causes.list.sort.category',
  goal_amount: 'causes.list.sort.goalAmount',
};

const BLOCK_REASONS: Record<DonationBlock, WebMessageId> = {
  under_review: 'causes.blocked.underReview',
  rejected: 'causes.blocked.rejected',
  completed: 'causes.blocked.completed',
  closed: 'causes.blocked.closed',
  paused: 'causes.blocked.paused',
};

function deadlineText(t: Translate, deadline: Deadline | null): string | null {
  if (!deadline) return null;
  if (deadline.kind === 'ended') return t('causes.deadline.ended');
  if (deadline.kind === 'lastDay') return t('causes.deadline.lastDay');
  return t('causes.deadline.daysLeft', { days: deadline.days });
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
  /**
   * The reader saves data (Save-Data or the app's switch): 'small' sends one 320 px picture and no srcset (a list's
   * cards), 'tap' none at all until the reader asks (a story's picture), as the app draws them (responsive-image.tsx).
   */
  saveData?: 'small' | 'tap';
  t?: Translate;
}

function image(cause: Cause, o: ImageOptions): string {
  // The path, not the absolute `image`: the painted page is on this server, whatever PUBLIC_URL says.
  const src = cause.cover_image;
  if (!src) {
    return `<span class="img-placeholder ${o.className}" style="aspect-ratio: ${o.width} / ${o.height}"><span aria-hidden="true">♥</span></span>`;
  }
  if (o.saveData === 'tap' && o.t) {
    // The app's button (ResponsiveImage): pressing it before the app has started does nothing, as with Add to Cart.
    return `<span class="img-placeholder img-placeholder--tap ${o.className}" style="aspect-ratio: ${o.width} / ${o.height}"><button type="button" class="button button--secondary">${escapeHtml(o.t('dataSaver.picture.show'))}</button></span>`;
  }
  if (o.saveData === 'small') {
    const small = saveDataImage(cause.cover_image_sizes);
    const loading = o.eager ? ' loading="eager" fetchpriority="high"' : ' loading="lazy"';
    return `<img src="${escapeHtml(small?.url ?? src)}" width="${o.width}" height="${o.height}"${loading} decoding="async" alt="${escapeHtml(o.alt)}" class="${o.className}">`;
  }
  const srcSet = responsiveSrcSet(cause.cover_image_sizes);
  const loading = o.eager ? ' loading="eager" fetchpriority="high"' : ' loading="lazy"';
  const responsive = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="${escapeHtml(o.sizes)}"` : '';
  return `<img src="${escapeHtml(src)}"${responsive} width="${o.width}" height="${o.height}"${loading} decoding="async" alt="${escapeHtml(o.alt)}" class="${o.className}">`;
}

/** "12 days left" / "Last day" / "Ended" as the card and the cause page draw it; '' when there is none. */
function deadline(cause: Cause, t: Translate): string {
  const label = deadlineText(t, deadlineOf(cause));
  return label ? `<p class="cause-deadline">${escapeHtml(label)}</p>` : '';
}

/** The progress bar (CauseProgressBar). */
function progressBar(t: Translate, percent: number, label: string): string {
  return `<div class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}" aria-label="${escapeHtml(label)}" aria-valuetext="${escapeHtml(t('causes.progress.valueText', { percent }))}"><span class="progress__bar" style="width: ${percent}%"></span></div>`;
}

function causeCard(cause: Cause, eager: boolean, t: Translate, saveData: boolean): string {
  const title = cause.title || cause.name;
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const category = categoryName(cause.category);
  return (
    `<article class="cause-card">${image(cause, { className: 'cause-card__image', width: 480, height: 270, sizes: '(max-width: 640px) 100vw, 50vw', alt: '', eager, saveData: saveData ? 'small' : undefined })}` +
    '<div class="cause-card__body">' +
    (category ? `<p class="cause-card__category">${escapeHtml(category)}</p>` : '') +
    `<h3 class="cause-card__title"><a href="/causes/${encodeURIComponent(cause.id)}">${escapeHtml(title)}</a></h3>` +
    `<p class="cause-card__description">${escapeHtml(cause.description)}</p>` +
    '<div class="cause-card__progress">' +
    progressBar(t, progress.percent, t('causes.card.progressLabel', { title })) +
    `<p class="cause-card__amounts">${richHtml(
      t('causes.card.amounts', { raised: slot('raised'), goal: formatGhs(progress.goal), percent: progress.percent }),
      { raised: `<strong>${formatGhs(progress.collected)}</strong>` },
    )}</p>` +
    `</div>${deadline(cause, t)}</div></article>`
  );
}

const SVG =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"';

// The list's header and controls as the app draws them (cause-list-page.tsx) for a guest with an empty cart,
// so the grid does not move when React takes over (a select is as wide as its widest option: all sorts are
// there). Until then the controls do nothing; the links already work.
function listTop(t: Translate): string {
  const search = escapeHtml(t('causes.list.searchLabel'));
  const sorts = CAUSE_ORDERINGS.map((key) => `<option value="${key}">${escapeHtml(t(ORDERING_LABELS[key]))}</option>`).join('');
  return (
    `<div class="cause-list__top"><h1>${escapeHtml(t('causes.list.title'))}</h1><div class="cause-list__icons">` +
    `<a href="/cartpage" class="icon-link" aria-label="${escapeHtml(t('causes.list.cartLink', { count: 0 }))}"><svg ${SVG}><circle cx="9" cy="20" r="1.5"></circle><circle cx="18" cy="20" r="1.5"></circle><path d="M2 3h3l2.6 12.4a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L22 7H6"></path></svg><span class="badge" aria-hidden="true">0</span></a>` +
    `<a href="/profilepage" class="icon-link" aria-label="${escapeHtml(t('causes.list.profileLink'))}"><svg ${SVG}><circle cx="12" cy="8" r="4"></circle><path d="M4 21c0-4 4-6 8-6s8 2 8 6"></path></svg></a>` +
    '</div></div>' +
    '<form class="cause-list__controls" role="search">' +
    `<div class="field"><label for="cause-search">${search}</label><input id="cause-search" type="search" placeholder="${search}"></div>` +
    `<div class="field"><label for="cause-sort">${escapeHtml(t('causes.list.sortLabel'))}</label><select id="cause-sort">${sorts}</select></div>` +
    `<div class="field"><label for="cause-category">${escapeHtml(t('causes.list.categoryLabel'))}</label><select id="cause-category"><option value="">${escapeHtml(t('causes.list.allCategories'))}</option></select></div>` +
    '</form>'
  );
}

/** The first page of /causelistpage in `locale`: heading, controls and the two-column grid. */
export function causeListSnapshot(page: Paginated<Cause>, locale: Locale = 'en', saveData = false): { main: string; className: string } {
  const t = translator(locale);
  const results = page.results;
  const half = Math.ceil(results.length / 2);
  const columns = [results.slice(0, half), results.slice(half)]
    .map(
      (column, c) =>
        `<ul class="cause-grid__column">${column.map((cause, i) => `<li>${causeCard(cause, c === 0 && i === 0, t, saveData)}</li>`).join('')}</ul>`,
    )
    .join('');
  const grid = results.length ? `<div class="cause-grid">${columns}</div>` : `<p class="empty">${escapeHtml(t('causes.list.empty'))}</p>`;
  const count = escapeHtml(t('common.causeCount', { count: page.count ?? results.length }));
  return {
    className: 'container page cause-list',
    main: `${listTop(t)}<h2 class="visually-hidden">${count}</h2><div>${grid}</div>`,
  };
}

const SHARE_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path d="M18 8a3 3 0 1 0-2.9-3.7L8.6 7.6a3 3 0 1 0 0 4.8l6.5 3.3A3 3 0 1 0 16 14l-6.5-3.3a3 3 0 0 0 0-1.4L16 6a3 3 0 0 0 2 2z" fill="currentColor"></path></svg>';

/**
 * The panel's actions as the app draws them (cause-detail-page.tsx). Donate is a plain link to the
 * donation page, so it works before the app starts; Add to Cart and Share are pressed again by the
 * app once it has taken over (src/web/lib/page-takeover.ts), which matches them by their words.
 */
/** How a phone without data gives to this cause (USSD), as the cause page draws it. */
function phoneGiving(cause: Cause, t: Translate): string {
  return cause.ussd_dial
    ? richHtml(t('causes.detail.phone.dial', { dial: slot('dial') }), { dial: `<strong>${escapeHtml(cause.ussd_dial)}</strong>` })
    : richHtml(t('causes.detail.phone.code', { code: slot('code') }), { code: `<strong>${escapeHtml(cause.short_code ?? '')}</strong>` });
}

function panelActions(cause: Cause, title: string, t: Translate): string {
  const block = donationBlock(cause);
  const word = escapeHtml(t('causes.donate'));
  const donate = block
    ? `<button type="button" class="button button--primary button--large" disabled aria-describedby="donate-blocked">${word}</button>` +
      `<p id="donate-blocked" class="field__hint">${escapeHtml(t(BLOCK_REASONS[block]))}</p>`
    : `<a class="button button--primary button--large" href="/donation?causeId=${encodeURIComponent(cause.id)}">${word}</a>`;
  const cart = `<button type="button" class="button button--secondary"${block ? ' disabled aria-describedby="donate-blocked"' : ''}>${escapeHtml(t('causes.detail.addToCart'))}</button>`;
  const share = `<div class="share share--block"><button type="button" class="button button--secondary share__toggle">${SHARE_ICON}${escapeHtml(t('shell.share.button'))} <span class="visually-hidden">${escapeHtml(title)}</span></button></div>`;
  return donate + cart + share;
}

/** The top of /causes/:id in `locale`: image, title, facts, description and the raised panel. */
export function causeDetailSnapshot(cause: Cause, locale: Locale = 'en', saveData = false): { main: string; className: string } {
  const t = translator(locale);
  const title = cause.title || cause.name;
  const progress = causeProgress(cause.target_amount, cause.current_amount);
  const category = categoryName(cause.category);
  const facts =
    `<dt>${escapeHtml(t('causes.detail.createdBy'))}</dt><dd>${escapeHtml(cause.organizer_name || t('causes.detail.organizer'))}</dd>` +
    (category ? `<dt>${escapeHtml(t('causes.detail.category'))}</dt><dd>${escapeHtml(category)}</dd>` : '') +
    (cause.location ? `<dt>${escapeHtml(t('causes.detail.location'))}</dt><dd>${escapeHtml(cause.location)}</dd>` : '') +
    `<dt>${escapeHtml(t('causes.detail.created'))}</dt><dd><time datetime="${escapeHtml(cause.created_at)}">${escapeHtml(formatDate(cause.created_at, locale))}</time></dd>` +
    (cause.short_code ? `<dt>${escapeHtml(t('causes.detail.phone.label'))}</dt><dd>${phoneGiving(cause, t)}</dd>` : '');
  const funded = richHtml(
    t('causes.detail.funded', { percent: slot('percent'), donors: cause.donor_count, remaining: formatGhs(progress.remaining) }),
    { percent: `<strong>${progress.percent}%</strong>` },
  );
  return {
    className: 'container page',
    main:
      `<p><a href="/causelistpage">${escapeHtml(t('causes.detail.back'))}</a></p><div class="cause-detail"><div class="cause-detail__head">` +
      image(cause, {
        className: 'cause-detail__image',
        width: 960,
        height: 540,
        sizes: '(max-width: 56rem) 100vw, 60vw',
        alt: title,
        eager: true,
        saveData: saveData ? 'tap' : undefined,
        t,
      }) +
      `<h1>${escapeHtml(title)}</h1></div>` +
      `<aside class="cause-detail__panel" aria-label="${escapeHtml(t('causes.detail.panelLabel'))}"><p class="cause-detail__raised">${formatGhs(progress.collected)}</p>` +
      `<p style="margin: 0">${escapeHtml(t('causes.detail.raisedOfGoal', { goal: formatGhs(progress.goal) }))}</p>` +
      progressBar(t, progress.percent, t('causes.progress.label')) +
      `<p style="margin: 0">${funded}</p>` +
      (cause.recurring_donors !== undefined
        ? `<p class="cause-detail__recurring" style="margin: 0">${escapeHtml(t('causes.detail.recurring', { count: cause.recurring_donors }))}</p>`
        : '') +
      deadline(cause, t) +
      panelActions(cause, title, t) +
      '</aside>' +
      `<div class="cause-detail__body"><h2 class="visually-hidden">${escapeHtml(t('causes.detail.detailsHeading'))}</h2><dl class="cause-detail__meta">${facts}</dl>` +
      `<h2>${escapeHtml(t('causes.detail.about'))}</h2><p style="white-space: pre-line">${escapeHtml(cause.description)}</p></div></div>`,
  };
}
