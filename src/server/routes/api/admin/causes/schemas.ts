/** Admin review schemas; mirror src/shared/admin-contract.ts. */
import { Type } from 'typebox';
import { PageParams } from '../../../pagination';
import { CauseStatusSchema } from '../../../../../shared/contract/causes';

export const AdminCauseQuery = Type.Object({
  ...PageParams,
  status: Type.Optional(CauseStatusSchema),
});

export const RejectBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
});

export const ReviewTotalsQuery = Type.Object({
  period: Type.Optional(Type.Enum(['week', 'month', 'three_months'])),
});

export const ReviewTotalsResponse = Type.Object({
  period: Type.Enum(['week', 'month', 'three_months']),
  since: Type.String({ format: 'date-time' }),
  accepted: Type.Integer(),
  rejected: Type.Integer(),
  pending: Type.Integer(),
});
