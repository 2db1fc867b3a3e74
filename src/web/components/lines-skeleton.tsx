/** The loading placeholder of a panel: announced to screen readers as `label`, three grey lines on screen. */
export function LinesSkeleton({ label }: { label: string }) {
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton__line" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
    </div>
  );
}
