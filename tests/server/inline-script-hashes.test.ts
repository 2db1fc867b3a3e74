// The built index.html carries a tiny inline boot script; the CSP must allow exactly it, by hash,
// and never fall back to 'unsafe-inline'. The browser test (landing-store) proves the hash is the
// one Chromium computes: with a wrong one the static hero would stay hidden.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/server/lib/inline-script-hashes';

const dir = mkdtempSync(join(tmpdir(), 'boafo-dist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inline script hashes for the CSP', () => {
  it('hashes each classic inline script and skips scripts with src or a type', () => {
    const boot = "\n  document.documentElement.classList.add('x');\n";
    writeFileSync(
      join(dir, 'index.html'),
      `<html><head><script>${boot}</script><script type="module" src="/assets/a.js"></script>` +
        `<script type="application/json" id="boot-answers">{"a":1}</script></head></html>`,
    );
    const expected = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([expected]);
  });

  it('is empty when the app is not built', () => {
    expect(inlineScriptHashes(join(dir, 'missing'))).toEqual([]);
  });
});
