/** DashboardSummary schema (src/shared/account-contract.ts). */
import { Type } from 'typebox';

export const DashboardResponse = Type.Object({
  months: Type.Array(Type.String()),
  month: Type.String(),
  donated_in_month: Type.String(),
  donations_in_month: Type.Integer(),
  raised_in_month: Type.String(),
  unread_notifications: Type.Integer(),
  causes: Type.Object({ total: Type.Integer(), active: Type.Integer(), under_review: Type.Integer(), rejected: Type.Integer() }),
});
