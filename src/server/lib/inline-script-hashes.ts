/**
 * CSP source expressions ('sha256-…') for the inline classic scripts of the built index.html, so
 * the page's tiny blocking boot script (index.html) runs under `script-src 'self'` without
 * 'unsafe-inline'. Read once at start-up: a rebuild that changes the script changes its hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Classic inline scripts only: no src, no type (JSON data blocks such as #boot-answers never run).
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

export function inlineScriptHashes(webDistDir: string): string[] {
  const file = path.join(webDistDir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
}
