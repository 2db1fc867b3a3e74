import { mediaUrl } from '../../../lib/api-url';

/** The user's picture, or the default placeholder image (an inline SVG silhouette). Decorative: the name is beside it. */
export function ProfileAvatar({ src, size = 96, className = '' }: { src: string | null | undefined; size?: number; className?: string }) {
  const url = mediaUrl(src);
  if (url) {
    return <img className={`avatar ${className}`} src={url} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  }
  return (
    <svg
      className={`avatar ${className}`}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      data-testid="default-avatar"
    >
      <rect width="64" height="64" rx="32" fill="#f7ecdd" />
      <circle cx="32" cy="25" r="11" fill="#b08a6e" />
      <path d="M12 54c3-11 11-16 20-16s17 5 20 16a30 30 0 0 1-40 0z" fill="#b08a6e" />
    </svg>
  );
}
