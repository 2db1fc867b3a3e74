/** Donor details of a giving request → DonorInfo; signed-in donors fall back to their account. */
import type { FastifyInstance } from 'fastify';
import { normaliseGhanaMobile } from '../../shared/phone';
import { REQUIRED, validationError } from '../lib/api-error';
import type { DonorInfo, PaymentMethod } from '../repositories/payments';
import type { AuthUser } from '../lib/tokens';

export interface DonorBody {
  email?: string;
  first_name?: string;
  last_name?: string;
  country?: string;
  phone_country_code?: string;
  phone_number?: string;
  payment_method?: PaymentMethod;
  is_anonymous?: boolean;
  message?: string | null;
  /** The donor ticked "Text me": their phone_number (a Ghana mobile), else the mobile money wallet, gets texts. */
  sms_opt_in?: boolean;
  mobile_money?: { phone: string };
}

export const SMS_NEEDS_GHANA_MOBILE = 'To get texts, enter a Ghana mobile number such as 024 123 4567.';

/** The number a donor who ticked "Text me" gets texts on: the phone they typed (a Ghana mobile), their account's, or their wallet. */
function smsPhoneOf(body: DonorBody, accountPhone: string): string {
  const code = clean(body.phone_country_code).replace(/^\+/, '');
  const typed = clean(body.phone_number);
  if (typed && (code === '' || code === '233')) {
    const phone = normaliseGhanaMobile(typed) ?? (code === '233' ? normaliseGhanaMobile(`0${typed}`) : null);
    if (phone) return phone;
    throw validationError({ phone_number: [SMS_NEEDS_GHANA_MOBILE] });
  }
  if (typed) throw validationError({ phone_number: [SMS_NEEDS_GHANA_MOBILE] });
  const fallback = normaliseGhanaMobile(accountPhone) ?? normaliseGhanaMobile(body.mobile_money?.phone ?? '');
  if (!fallback) throw validationError({ phone_number: [SMS_NEEDS_GHANA_MOBILE] });
  return fallback;
}

const clean = (value: string | undefined) => (value ?? '').trim();

export async function donorFrom(app: FastifyInstance, user: AuthUser | null, body: DonorBody): Promise<DonorInfo> {
  const account = user ? await app.repos.users.findById(user.id) : null;
  // Guests must give an email (the receipt and the provider need one); accounts have one.
  const email = (clean(body.email) || account?.email || '').toLowerCase();
  if (!email) throw validationError({ email: [REQUIRED] });
  const smsPhone = body.sms_opt_in ? smsPhoneOf(body, account?.phoneNumber ?? '') : null;
  const firstName = clean(body.first_name) || account?.firstName || '';
  const lastName = clean(body.last_name) || account?.lastName || '';
  return {
    donorId: account?.id ?? null,
    email,
    donorName: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    country: clean(body.country),
    phoneCountryCode: clean(body.phone_country_code),
    phoneNumber: clean(body.phone_number),
    paymentMethod: body.payment_method ?? null,
    isAnonymous: body.is_anonymous ?? false,
    // A checkout of several causes leaves the same words on each of its donations.
    message: clean(body.message ?? undefined) || null,
    smsPhone,
  };
}
