/** The heart mark from public/favicon.svg, inline so it needs no extra request. Decorative: the name is beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#9c3d14" />
      <path d="M32 50 C18 41 12 33 12 25 a9.5 9.5 0 0 1 20-4.5 A9.5 9.5 0 0 1 52 25 c0 8-6 16-20 25z" fill="#fff4e0" />
      <path d="M22 33 h8 l3-5 l4 9 l3-4 h4" fill="none" stroke="#9c3d14" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
