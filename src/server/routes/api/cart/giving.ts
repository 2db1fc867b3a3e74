/**
 * POST /api/cart/donate/ (one cause) and POST /api/cart/checkout/ (several causes, one
 * payment): pending donations plus one payment for the total, then the provider's
 * checkout address. Cart lines stay until the payment succeeds (settlePayment clears them).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { CheckoutBody, DonateBody, PaymentStartSchema, type PaymentStart } from '../../../../shared/contract/cart';
import { MobileChargeSchema, type MobileCharge, type MobileMoneyInput } from '../../../../shared/contract/mobile-money';
import { ApiError, FieldErrorList, validationError } from '../../../lib/api-error';
import { checkAmount, splitEvenly } from '../../../payments/amounts';
import { donorFrom } from '../../../payments/donor';
import { newPaymentReference } from '../../../payments/reference';
import { returnOriginOf } from '../../../payments/return-origin';
import { checkWallet, inRequestLanguage, promptExpiry, sendPrompt } from '../../../payments/mobile-money';
import { launchPayment } from '../../../payments/service';
import { MONTHLY_NEEDS_ACCOUNT, startMonthly } from '../../../payments/subscriptions';
import { isUuid } from '../../../repositories/search';
import { errorResponses } from '../../shared-schemas';
import { givableCause, resolveCart } from './cart-access';
import type { Static } from 'typebox';
import type { DonorBody } from '../../../payments/donor';
import { localeOfRequest } from '../../../lib/i18n';
import { english } from '../../../lib/localize';

type Line = { causeId: string; amount: number };
type Checkout = Static<typeof CheckoutBody>;

export const NOTHING_SELECTED = english('errors.cart.nothingSelected');
const NOT_IN_CART = english('errors.cart.notInCart');

/** With `mobile_money` the wallet is charged directly and the answer says what the donor does next. */
const GivingAnswer = Type.Union([PaymentStartSchema, MobileChargeSchema]);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** Creates the payment with its donations and asks the provider for the checkout address. */
  async function start(
    request: FastifyRequest,
    body: DonorBody & { interval?: 'once' | 'monthly'; mobile_money?: MobileMoneyInput },
    lines: Line[],
    cartId: string | null,
  ): Promise<PaymentStart | MobileCharge> {
    // The wallet is checked before anything is created or sent (and a monthly gift by mobile money is refused).
    const wallet = body.mobile_money ? checkWallet(body.mobile_money, body.interval) : null;
    const user = await app.optionalUser(request);
    if (body.interval === 'monthly' && !user) throw new ApiError(401, 'not_authenticated', MONTHLY_NEEDS_ACCOUNT);
    const donor = await donorFrom(app, user, body);
    returnOriginOf(app, request); // a return_url we will not send donors to is a 400 before anything is created
    // The ticked box is the number's consent; the donations carry it so the receipt and the cause's news find it.
    if (donor.smsPhone) await app.repos.smsConsent.agree(donor.smsPhone, 'donation');
    if (body.interval === 'monthly') return startMonthly(app, request, user, donor, lines, cartId);
    const input = {
      reference: newPaymentReference(),
      provider: app.payments.name,
      email: donor.email,
      userId: user?.id ?? null,
      cartId,
      // The donor's language as the app (cookie) or the browser (Accept-Language) says: a guest's receipt speaks it.
      locale: localeOfRequest(request.headers),
    };
    if (wallet) {
      const payment = await app.repos.transaction(async (tx) => {
        const created = await tx.payments.createWithDonations(input, { ...donor, paymentMethod: 'mobile_money' }, lines);
        await tx.mobileCharges.open({
          paymentId: created.payment.id,
          ...wallet,
          step: 'pay_offline',
          displayText: english('server.mobileMoney.sending'),
          expiresAt: promptExpiry(app),
        });
        return created.payment;
      });
      return inRequestLanguage(await sendPrompt(app, request, payment, wallet), request);
    }
    const { payment, donationIds } = await app.repos.payments.createWithDonations(input, donor, lines);
    return launchPayment(app, request, payment, donationIds);
  }

  /** The causes of a checkout, each checked once (404 unknown, 400 not accepting). */
  async function checkCauses(ids: string[], field: string): Promise<void> {
    for (const id of ids) await givableCause(app, id, field);
  }

  async function cartLines(request: FastifyRequest, body: Checkout): Promise<{ lines: Line[]; cartId: string }> {
    const user = await app.optionalUser(request);
    if (!user && !body.cart_id) throw validationError({ cart_id: [english('errors.field.required')] });
    const cartId = await resolveCart(app, request, body.cart_id, false);
    const all = await app.repos.carts.lines(cartId);
    const wanted = body.cause_ids ? [...new Set(body.cause_ids)] : all.map((line) => line.causeId);
    if (wanted.length === 0) throw validationError({ cause_ids: [NOTHING_SELECTED] });
    const lines: Line[] = [];
    for (const causeId of wanted) {
      const line = all.find((l) => l.causeId === causeId);
      if (!line) throw validationError({ cause_ids: [NOT_IN_CART] });
      lines.push({ causeId, amount: line.donationAmount * line.quantity });
    }
    await checkCauses(wanted, 'cause_ids');
    return { lines, cartId };
  }

  function separateLines(body: Checkout): Line[] {
    const amounts = body.amounts ?? {};
    const ids = [...new Set(body.cause_ids ?? Object.keys(amounts))];
    if (ids.length === 0) throw validationError({ amounts: [NOTHING_SELECTED] });
    const errors = new FieldErrorList();
    const lines: Line[] = [];
    for (const causeId of ids) {
      if (!isUuid(causeId)) {
        errors.add('cause_ids', english('errors.field.uuid'));
        continue;
      }
      const checked = checkAmount(amounts[causeId]);
      if (checked.ok) lines.push({ causeId, amount: checked.pesewas });
      else errors.add(`amounts.${causeId}`, checked.error);
    }
    errors.throwIfAny();
    return lines;
  }

  function togetherLines(body: Checkout): Line[] {
    const ids = [...new Set(body.cause_ids ?? [])];
    if (ids.length === 0) throw validationError({ cause_ids: [NOTHING_SELECTED] });
    const total = checkAmount(body.total_amount);
    if (!total.ok) throw validationError({ total_amount: [total.error] });
    if (total.pesewas < ids.length) throw validationError({ total_amount: [english('errors.cart.tooSmallToShare')] });
    return splitEvenly(total.pesewas, ids.length).map((amount, i) => ({ causeId: ids[i], amount }));
  }

  app.post(
    '/donate/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Give to one cause: a pending donation and its payment → the checkout address',
        description:
          '`interval: "monthly"` (signed in only, else 401) starts a monthly gift: the answer adds `subscription_code`. ' +
          'With `mobile_money` the wallet is charged directly (once only) and the answer is a `MobileCharge`.',
        body: DonateBody,
        response: { 200: GivingAnswer, ...errorResponses(400, 401, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const body = request.body;
      const amount = checkAmount(body.donation_amount);
      if (!amount.ok) throw validationError({ donation_amount: [amount.error] });
      await givableCause(app, body.cause_id);
      // With a cart, the cause's line goes away once this payment succeeds.
      const cartId = body.cart_id ? await resolveCart(app, request, body.cart_id, false) : null;
      return start(request, body, [{ causeId: body.cause_id, amount: amount.pesewas * (body.quantity ?? 1) }], cartId);
    },
  );

  app.post(
    '/checkout/',
    {
      schema: {
        tags: ['cart'],
        summary: 'Give to several causes with one payment (mode cart, separately or together)',
        description:
          '`interval: "monthly"` (signed in only, else 401) makes the same gift every month: the answer adds `subscription_code`. ' +
          'With `mobile_money` the wallet is charged directly (once only) and the answer is a `MobileCharge`.',
        body: CheckoutBody,
        response: { 200: GivingAnswer, ...errorResponses(400, 401, 404, 409, 422, 502) },
      },
    },
    async (request) => {
      const body = request.body;
      const mode = body.mode ?? 'cart';
      if (mode === 'cart') {
        const { lines, cartId } = await cartLines(request, body);
        return start(request, body, lines, cartId);
      }
      const lines = mode === 'separately' ? separateLines(body) : togetherLines(body);
      await checkCauses(
        lines.map((l) => l.causeId),
        'cause_ids',
      );
      const cartId = body.cart_id ? await resolveCart(app, request, body.cart_id, false) : null;
      return start(request, body, lines, cartId);
    },
  );
};

export default routes;
