/**
 * Answers the server put in the page it sent (`<script type="application/json" id="boot-answers">`,
 * see src/server/pages/first-load.ts): a deep link to /causelistpage or /causes/:id then needs no
 * second round trip before its first card, which on a phone's network is most of the wait.
 *
 * Each answer is used once, only by a guest read (the server rendered the page as a guest), and only
 * shortly after load: later reads and every signed-in read go to the network as before.
 */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | null = null;
let loadedAt = 0;

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  loadedAt = Date.now();
  const script = typeof document === 'undefined' ? null : document.getElementById('boot-answers');
  if (!script) return answers;
  script.remove(); // read once: a later navigation back to the same path must not see a stale copy
  try {
    const parsed = JSON.parse(script.textContent ?? '{}') as Record<string, unknown>;
    for (const [path, body] of Object.entries(parsed)) answers.set(path, body);
  } catch {
    // A broken script only costs the round trip it would have saved.
  }
  return answers;
}

/** Whether the server put API answers in this page (a first-load page for a shared link). */
export function pageHasBootAnswers(): boolean {
  return readAnswers().size > 0;
}

/**
 * The body the server answered for `path`, without using it up: for a screen's first render, so the
 * app's first frame is the page the visitor is reading rather than a skeleton (a short skeleton would
 * also pull a reader who scrolled back up). The screen's read then takes it as usual.
 */
export function peekBootAnswer(path: string): unknown {
  const all = readAnswers();
  return Date.now() - loadedAt <= FRESH_FOR_MS ? all.get(path) : undefined;
}

/** The body the server answered for `path` when it rendered this page, once; undefined otherwise. */
export function takeBootAnswer(path: string): unknown {
  const all = readAnswers();
  if (!all.has(path)) return undefined;
  const body = all.get(path);
  all.delete(path);
  return Date.now() - loadedAt <= FRESH_FOR_MS ? body : undefined;
}
