/** A progress bar with the real percentage (role=progressbar, aria-valuenow). No Dexie here: the landing page uses it. */
export function CauseProgressBar({ percent, label }: { percent: number; label?: string }) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label ?? 'Funding progress'}
      aria-valuetext={`${percent}% funded`}
    >
      <span className="progress__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
