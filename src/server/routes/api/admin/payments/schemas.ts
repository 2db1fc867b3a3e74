/** Server-only admin payment route bits; the list, answer and resolve body are in src/shared/contract/admin.ts. */
import { Type } from 'typebox';

export const PaymentIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
