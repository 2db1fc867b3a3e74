/** AdminUser list schema (src/shared/admin-contract.ts). */
import { Type } from 'typebox';
import { PageParams } from '../../../pagination';

export const AdminUserQuery = Type.Object({
  ...PageParams,
  search: Type.Optional(Type.String({ maxLength: 200 })),
});

export const AdminUserResponse = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  created_at: Type.String({ format: 'date-time' }),
  causes_count: Type.Integer(),
  donations_count: Type.Integer(),
});
