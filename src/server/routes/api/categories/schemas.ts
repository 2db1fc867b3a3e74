/** Category list schema: [{id, name}]. */
import { Type } from 'typebox';

export const CategoryList = Type.Array(Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }));
