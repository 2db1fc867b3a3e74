/** What the refund routes share (a cause's donations and refunds, the admins' refunds): reading the amount, the answers' shapes and each refusal's words. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from './audit-entry';
import type { Static } from 'typebox';
import { formatGhs, parseAmount, toDecimalString } from '../../shared/money';
import type { AdminDonationSchema, RefundSchema } from '../../shared/contract/refunds';
import { ApiError, validationError } from '../lib/api-error';
import type { RefundOutcome } from '../payments/refunds';
import type { DonationRow, RefundRow } from '../repositories/refunds';
import { english } from '../lib/localize';

type AdminDonation = Static<typeof AdminDonationSchema>;
type Refund = Static<typeof RefundSchema>;

const AMOUNT_PROBLEM = english('errors.refund.badAmount');

/** Pesewas, or null for "everything not yet refunded". */
export function refundAmount(raw: string | number | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const pesewas = parseAmount(raw);
  if (pesewas === null || pesewas <= 0 || !Number.isSafeInteger(pesewas)) throw validationError({ amount: [AMOUNT_PROBLEM] });
  return pesewas;
}

function donorName(d: DonationRow, showAnonymous: boolean): string | null {
  if (d.isAnonymous && !showAnonymous) return null;
  return d.donorName.trim() || `${d.firstName} ${d.lastName}`.trim() || null;
}

/** Admins see anonymous donors' names (they already do on payments); organizers do not. */
export function toAdminDonation(d: DonationRow, showAnonymous: boolean): AdminDonation {
  return {
    id: d.id,
    cause_id: d.causeId,
    amount: toDecimalString(d.amount),
    refunded: toDecimalString(d.refundedAmount),
    refundable: toDecimalString(d.status === 'completed' ? d.amount - d.refundedAmount : 0),
    status: d.status,
    method: d.paymentMethod,
    donor_name: donorName(d, showAnonymous),
    is_anonymous: d.isAnonymous,
    reference: d.reference,
    donated_at: (d.completedAt ?? d.createdAt).toISOString(),
  };
}

export const donationNotFound = () => new ApiError(404, 'not_found', english('errors.notFound.donation'));

/** A refund that went through is an audited money action (the admins' and the organizer's alike). */
export async function auditRefund(app: FastifyInstance, request: FastifyRequest, outcome: RefundOutcome): Promise<void> {
  if (outcome.kind !== 'ok') return;
  const r = outcome.refund;
  await audit(app.repos, request, {
    action: 'donation.refund',
    causeId: r.causeId,
    targetType: 'donation',
    targetId: r.donationId,
    after: { refund_id: r.id, amount: toDecimalString(r.amount), status: r.status },
  });
}

/** The refund's answer, or the refusal the outcome calls for. */
export async function answer(app: FastifyInstance, outcome: RefundOutcome, showAnonymous: boolean): Promise<Refund> {
  switch (outcome.kind) {
    case 'not_found':
      throw donationNotFound();
    case 'not_refundable':
      throw new ApiError(409, 'conflict', outcome.detail);
    case 'too_much':
      throw validationError({
        amount: [
          outcome.refundable > 0
            ? english('errors.refund.atMost', { amount: formatGhs(outcome.refundable) })
            : english('errors.refund.nothingLeft'),
        ],
      });
    case 'insufficient':
      throw new ApiError(409, 'conflict', english('errors.refund.overdraw', { amount: formatGhs(Math.max(0, outcome.available)) }));
    case 'provider_refused':
      throw new ApiError(502, 'server_error', english('errors.refund.providerRefused'));
    default:
      return toRefund(outcome.refund, (await app.repos.refunds.donation(outcome.refund.donationId))!, showAnonymous);
  }
}

export function toRefund(r: RefundRow, donation: DonationRow, showAnonymous: boolean): Refund {
  return {
    id: r.id,
    donation_id: r.donationId,
    cause_id: r.causeId,
    amount: toDecimalString(r.amount),
    status: r.status,
    reference: r.reference,
    created_at: r.createdAt.toISOString(),
    processed_at: r.processedAt ? r.processedAt.toISOString() : null,
    donation: toAdminDonation(donation, showAnonymous),
  };
}
