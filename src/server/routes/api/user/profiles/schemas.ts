/** PublicProfile schema (src/shared/account-contract.ts): no email, phone, address or withdrawal details. */
import { Type } from 'typebox';

export const PublicProfileResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  occupation: Type.String(),
  bio: Type.String(),
  interests: Type.String(),
  profile_picture: Type.Union([Type.String(), Type.Null()]),
  cover_photo: Type.Union([Type.String(), Type.Null()]),
  is_verified: Type.Boolean(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  causes_created: Type.Integer(),
  causes_active: Type.Integer(),
  causes: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), status: Type.String() })),
  created_at: Type.String({ format: 'date-time' }),
});
