/** Server-only cart route bits (path and query parameters); the bodies and answers are in src/shared/contract/cart.ts. */
import { Type } from 'typebox';

export const CartIdParams = Type.Object({ cart_id: Type.String({ maxLength: 100 }) });
export const CartIdQuery = Type.Object({ cart_id: Type.Optional(Type.String({ maxLength: 100 })) });
export const ItemParams = Type.Object({ item: Type.String({ maxLength: 100, description: 'Line id or cause id.' }) });
