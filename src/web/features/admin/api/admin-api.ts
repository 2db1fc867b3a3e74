import type {
  AdminMetrics,
  AdminPayment,
  AdminPaymentFilter,
  AdminUser,
  PaymentResolutionRequest,
  ReviewPeriod,
  ReviewTotals,
} from '../../../../shared/contract/admin';
import type { Cause } from '../../../../shared/contract/causes';
import type { Paginated } from '../../../../shared/contract/common';
import type { Static } from 'typebox';
import type { AdminMailMessageSchema, AdminMailSchema, NewsletterIssueSchema } from '../../../../shared/contract/mail';
import type { AuditCheck, AuditEntry } from '../../../../shared/contract/audit';
import type { AuditGroup } from '../../../../shared/audit-actions';
import { api, getBlob } from '../../../lib/api-client';

function paginated<T>(data: Paginated<T> | T[]): Paginated<T> {
  return Array.isArray(data) ? { count: data.length, next: null, previous: null, results: data } : data;
}

/** GET /api/admin/causes/?status=under_review&page= — causes waiting for a decision. */
export async function listPendingCauses(page: number, signal?: AbortSignal): Promise<Paginated<Cause>> {
  return paginated(await api.get<Paginated<Cause> | Cause[]>(`/api/admin/causes/?status=under_review&page=${page}`, { signal }));
}

export function approveCause(id: string): Promise<Cause> {
  return api.post<Cause>(`/api/admin/causes/${encodeURIComponent(id)}/approve/`);
}

export function rejectCause(id: string, reason: string): Promise<Cause> {
  return api.post<Cause>(`/api/admin/causes/${encodeURIComponent(id)}/reject/`, { reason });
}

export function getReviewTotals(period: ReviewPeriod, signal?: AbortSignal): Promise<ReviewTotals> {
  return api.get<ReviewTotals>(`/api/admin/causes/review-totals/?period=${period}`, { signal });
}

export function getAdminMetrics(month: string | null, signal?: AbortSignal): Promise<AdminMetrics> {
  return api.get<AdminMetrics>(`/api/admin/metrics/${month ? `?month=${encodeURIComponent(month)}` : ''}`, { signal });
}

export async function listUsers(params: { page: number; search: string }, signal?: AbortSignal): Promise<Paginated<AdminUser>> {
  const query = new URLSearchParams({ page: String(params.page) });
  if (params.search.trim()) query.set('search', params.search.trim());
  return paginated(await api.get<Paginated<AdminUser> | AdminUser[]>(`/api/admin/users/?${query}`, { signal }));
}

/** GET /api/admin/payments/?status=flagged|resolved&page= — payments the provider reported differently. */
export async function listAdminPayments(status: AdminPaymentFilter, page: number, signal?: AbortSignal): Promise<Paginated<AdminPayment>> {
  const query = new URLSearchParams({ status, page: String(page) });
  return paginated(await api.get<Paginated<AdminPayment> | AdminPayment[]>(`/api/admin/payments/?${query}`, { signal }));
}

/**
 * POST /api/admin/payments/{id}/resolve/ — credit the amount received, or record a refund.
 * One Idempotency-Key per decision, so a retry after a lost answer cannot apply it twice.
 */
export function resolvePayment(id: string, body: PaymentResolutionRequest, idempotencyKey: string): Promise<AdminPayment> {
  return api.post<AdminPayment>(`/api/admin/payments/${encodeURIComponent(id)}/resolve/`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export type AdminMail = Static<typeof AdminMailSchema>;
export type AdminMailMessage = Static<typeof AdminMailMessageSchema>;
export type MailStatus = AdminMail['status'];
export type OutboxChannel = AdminMail['channel'];

/** GET /api/admin/mail/?status=&channel=&page= — what the server queued to send (mail and texts), newest first. */
export function listOutgoingMail(
  status: MailStatus | null,
  page: number,
  signal?: AbortSignal,
  channel: OutboxChannel | null = null,
): Promise<Paginated<AdminMail>> {
  const query = new URLSearchParams({ page: String(page) });
  if (status) query.set('status', status);
  if (channel) query.set('channel', channel);
  return api.get<Paginated<AdminMail>>(`/api/admin/mail/?${query}`, { signal });
}

export function getOutgoingMail(id: string, signal?: AbortSignal): Promise<AdminMailMessage> {
  return api.get<AdminMailMessage>(`/api/admin/mail/${encodeURIComponent(id)}/`, { signal });
}

export type NewsletterIssue = Static<typeof NewsletterIssueSchema>;

export function getNewsletterAudience(signal?: AbortSignal): Promise<{ confirmed_subscribers: number }> {
  return api.get('/api/admin/newsletter/audience/', { signal });
}

/** One Idempotency-Key per issue written: a retry after a lost answer does not mail everyone twice. */
export function sendNewsletterIssue(body: { subject: string; body: string }, idempotencyKey: string): Promise<NewsletterIssue> {
  return api.post<NewsletterIssue>('/api/admin/newsletter/issues/', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The audit trail's filters as the API takes them (''/absent = any). */
export interface AuditListFilters {
  group: AuditGroup | 'all';
  person: string;
  cause: string;
}

function auditQuery(filters: AuditListFilters, page?: number): string {
  const params = new URLSearchParams();
  if (page) params.set('page', String(page));
  if (filters.group !== 'all') params.set('group', filters.group);
  if (filters.person.trim()) params.set('person', filters.person.trim());
  if (filters.cause.trim()) params.set('cause', filters.cause.trim());
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** GET /api/admin/audit/: newest first. */
export function listAudit(filters: AuditListFilters, page: number, signal?: AbortSignal): Promise<Paginated<AuditEntry>> {
  return api.get(`/api/admin/audit/${auditQuery(filters, page)}`, { signal });
}

export function exportAuditCsv(filters: AuditListFilters): Promise<Blob> {
  return getBlob(`/api/admin/audit/export.csv${auditQuery(filters)}`);
}

/** The whole hash chain checked by the server. */
export function checkAudit(): Promise<AuditCheck> {
  return api.get('/api/admin/audit/check/');
}
