import type { ImgHTMLAttributes } from 'react';
import { imageWidths } from '../../shared/cause-display';
import { mediaUrl } from '../lib/api-url';

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
}

/**
 * Lazy image with explicit width/height (no layout shift) and the WebP srcset when the API gives one.
 * Without a URL it renders a same-sized placeholder block.
 */
export function ResponsiveImage({ src, sizesMap, width, height, alt = '', fallbackLabel, className, sizes, ...rest }: Props) {
  const url = mediaUrl(src);
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
  const srcSet = srcSetFrom(sizesMap);
  return (
    <img
      src={url}
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
