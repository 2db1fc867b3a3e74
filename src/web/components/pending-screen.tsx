/** Router defaultPendingComponent: a skeleton while a lazy route chunk or loader is on its way. */
export function PendingScreen() {
  return (
    <div className="container page skeleton" role="status">
      <span className="visually-hidden">Loading…</span>
      <div className="skeleton__line skeleton__line--title" />
      <div className="skeleton__line" />
      <div className="skeleton__line skeleton__line--short" />
      <div className="skeleton__block" />
    </div>
  );
}
