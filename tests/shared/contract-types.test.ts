/**
 * The API contract is written once (src/shared/contract): the server validates and serializes with
 * those schemas, and the web's types are Static<typeof …> of the same objects. These tests prove the
 * tie holds: the types are equal, renaming a field in a schema breaks the web code and the server
 * code that still use the old name, and the running server documents exactly the schema's fields.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Static } from 'typebox';
import { CauseSchema, type Cause } from '../../src/shared/contract/causes';
import { CartSchema, type Cart } from '../../src/shared/contract/cart';
import { PaymentVerificationSchema, PaymentVerifiedSchema, type PaymentVerification } from '../../src/shared/contract/payments';
import { ProfileSchema, type Profile } from '../../src/shared/contract/profile';
import { backends } from '../server/helpers/backends';
import { useApp } from '../server/helpers/app';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const CAUSES_CONTRACT = path.join(ROOT, 'src/shared/contract/causes.ts');
const CAUSE_SERIALIZER = path.join(ROOT, 'src/server/routes/api/causes/serialize.ts');
/** Stands for web code: it reads the field the way the cause pages do. */
const WEB_FIXTURE = path.join(ROOT, 'tests/shared/web-reads-cause.ts');
const WEB_FIXTURE_TEXT = `
import type { Cause } from '../../src/shared/contract/causes';
export const donorsLine = (cause: Cause): string => \`\${cause.donor_count} donors\`;
`;

/**
 * Type-checks the web fixture and the server's real Cause serializer with the project's compiler
 * options; `edit` may rewrite a source file first (as a developer's change would). Returns the
 * errors of those two files, as "file: message".
 */
function typeErrors(edit: (file: string, text: string) => string = (_file, text) => text): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json could not be read');
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.fileExists = (
    (exists) => (file: string) =>
      path.resolve(file) === WEB_FIXTURE || exists(file)
  )(host.fileExists.bind(host));
  host.readFile = (file) => {
    const resolved = path.resolve(file);
    const text = resolved === WEB_FIXTURE ? WEB_FIXTURE_TEXT : readFile(file);
    return text === undefined ? undefined : edit(resolved, text);
  };
  const roots = [WEB_FIXTURE, CAUSE_SERIALIZER];
  const program = ts.createProgram(roots, { ...config.options, noEmit: true }, host);
  return roots
    .flatMap((root) => ts.getPreEmitDiagnostics(program, program.getSourceFile(root)))
    .map((d) => `${path.relative(ROOT, d.file?.fileName ?? '?')}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the web types are the server schemas', () => {
  it('Cause, Cart, Profile and PaymentVerification are Static<typeof the schema the server serializes with>', () => {
    expectTypeOf<Cause>().toEqualTypeOf<Static<typeof CauseSchema>>();
    expectTypeOf<Cart>().toEqualTypeOf<Static<typeof CartSchema>>();
    expectTypeOf<Profile>().toEqualTypeOf<Static<typeof ProfileSchema>>();
    expectTypeOf<PaymentVerification>().toEqualTypeOf<Static<typeof PaymentVerificationSchema>>();
    // Only the 200 answer carries `message` (spec §7): the type says so, as the schema does.
    expectTypeOf<Extract<PaymentVerification, { message: string }>>().toEqualTypeOf<Static<typeof PaymentVerifiedSchema>>();
  });

  it('a field renamed in the contract fails type checking in the web code and in the server serializer', () => {
    expect(typeErrors()).toEqual([]);

    const renamed = typeErrors((file, text) =>
      file === CAUSES_CONTRACT ? text.replace('donor_count: Type.Integer()', 'donors_count: Type.Integer()') : text,
    );

    expect(renamed.some((e) => e.startsWith('tests/shared/web-reads-cause.ts') && e.includes("'donor_count' does not exist"))).toBe(true);
    expect(renamed.some((e) => e.startsWith('src/server/routes/api/causes/serialize.ts') && e.includes('donor_count'))).toBe(true);
  }, 120_000);
});

describe.each(backends.filter((backend) => backend.name === 'pglite'))('the server documents the contract ($name)', (backend) => {
  const ctx = useApp(backend);

  it('answers GET /api/causes/details/{id}/ with exactly the fields of CauseSchema', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const detailPath = Object.keys(doc.paths).find((p) => p.startsWith('/api/causes/details/'))!;
    const answer = doc.paths[detailPath].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties)).toEqual(Object.keys(CauseSchema.properties));
    expect([...answer.required].sort()).toEqual([...CauseSchema.required].sort());
  });
});
