import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { imageWidths } from '../../shared/cause-display';
import { saveDataImage } from '../../shared/save-data';
import { mediaUrl } from '../lib/api-url';
import { useT } from '../lib/i18n';
import { countSaved, estimateSaved } from '../lib/save-data';
import { useSaveData } from '../lib/use-save-data';

/** WebP size map (width → path) as a srcset string, narrowest first, joined to the API base; undefined when there is none. */
export function srcSetFrom(sizes: Record<string, string> | null | undefined): string | undefined {
  const entries = imageWidths(sizes);
  return entries.length ? entries.map(([w, url]) => `${mediaUrl(url)} ${w}w`).join(', ') : undefined;
}

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string | null | undefined;
  sizesMap?: Record<string, string> | null;
  width: number;
  height: number;
  /** Shown (as a tinted box with the same size) when there is no image. */
  fallbackLabel?: string;
  /**
   * While saving data (lib/save-data.ts): 'small' (the default) shows the 320 px picture, 'tap' none until the reader
   * presses "Show picture" (a story's, an update's: pictures that are not needed to choose or give). The server paints
   * the same (server/pages/snapshots.ts), so nothing moves when the app takes over.
   */
  whenSavingData?: 'small' | 'tap';
}

/** The widest picture a srcset would give a phone at 2× (what saving data avoids), for the estimate of what was saved. */
function fullWidth(sizesMap: Record<string, string> | null | undefined): number {
  const entries = imageWidths(sizesMap);
  return entries.length ? entries[entries.length - 1]![0] : 960;
}

/**
 * Lazy image with explicit width/height (no layout shift) and the WebP srcset when the API gives one.
 * Without a URL it renders a same-sized placeholder block.
 */
export function ResponsiveImage({
  src,
  sizesMap,
  width,
  height,
  alt = '',
  fallbackLabel,
  className,
  sizes,
  whenSavingData = 'small',
  ...rest
}: Props) {
  const t = useT();
  const saving = useSaveData();
  const [tapped, setTapped] = useState(false);
  const url = mediaUrl(src);
  const hidden = Boolean(url) && saving && whenSavingData === 'tap' && !tapped;
  const small = saving && whenSavingData === 'small' ? saveDataImage(sizesMap) : null;

  useEffect(() => {
    if (!url || !saving) return;
    if (hidden) countSaved(url, estimateSaved(fullWidth(sizesMap), 0));
    else if (small) countSaved(url, estimateSaved(fullWidth(sizesMap), small.width));
  }, [url, saving, hidden, small, sizesMap]);

  if (!url) {
    return (
      <span
        className={`img-placeholder ${className ?? ''}`}
        style={{ aspectRatio: `${width} / ${height}` }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <span aria-hidden="true">{fallbackLabel ?? '♥'}</span>
      </span>
    );
  }
  if (hidden) {
    return (
      <span className={`img-placeholder img-placeholder--tap ${className ?? ''}`} style={{ aspectRatio: `${width} / ${height}` }}>
        <button type="button" className="button button--secondary" onClick={() => setTapped(true)}>
          {t('dataSaver.picture.show')}
        </button>
      </span>
    );
  }
  const srcSet = small ? undefined : srcSetFrom(sizesMap);
  return (
    <img
      src={small ? (mediaUrl(small.url) ?? url) : url}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? '(max-width: 640px) 100vw, 480px') : undefined}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      alt={alt}
      className={className}
      {...rest}
    />
  );
}
