/**
 * The exports of a CommonJS package loaded on first use with import(). Node's own loader hands
 * back module.exports as `default` and copies beside it the names it can find by reading the
 * source; the bundle npm start runs (dist-server: esbuild with code splitting) hands back a chunk
 * whose only export is `default`. So a lazily imported CommonJS package is read through `default`
 * under both: here for packages typed with named exports (pdf-lib, web-push), and as
 * `const { default: x } = await import('x')` for those typed `export =` (sharp, pg).
 */
export async function commonJsExports<Exports extends object>(loading: Promise<Exports>): Promise<Exports> {
  const namespace = (await loading) as Exports & { default?: Exports };
  return namespace.default ?? namespace;
}
