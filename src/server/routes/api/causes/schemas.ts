/** Server-only cause route bits; the bodies and answers are in src/shared/contract/causes.ts. */
import { Type } from 'typebox';

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
