/** AdminMetrics schema (src/shared/admin-contract.ts). */
import { Type } from 'typebox';

export const MONTH_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])$';

export const MonthQuery = Type.Object({
  month: Type.Optional(Type.String({ pattern: MONTH_PATTERN, description: 'YYYY-MM (UTC); default the current month.' })),
});

export const AdminMetricsResponse = Type.Object({
  month: Type.String(),
  months: Type.Array(Type.String()),
  days: Type.Array(Type.Object({ date: Type.String(), amount: Type.String(), count: Type.Integer() })),
  totals: Type.Object({
    raised: Type.String(),
    raised_in_month: Type.String(),
    donations: Type.Integer(),
    donors: Type.Integer(),
    users: Type.Integer(),
    causes_active: Type.Integer(),
    causes_pending: Type.Integer(),
  }),
  pending_donations: Type.Array(Type.Object({
    id: Type.String(),
    cause_id: Type.String(),
    cause_title: Type.String(),
    amount: Type.String(),
    email: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  })),
});
