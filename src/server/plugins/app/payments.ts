/**
 * Picks the payment provider from PAYMENT_PROVIDER. The sandbox's webhook secret is
 * generated once and kept in app_settings, so every process signs and checks alike.
 */
import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import { PaystackProvider } from '../../payments/paystack';
import type { PaymentProvider } from '../../payments/provider';
import { SandboxProvider } from '../../payments/sandbox';

export default fp(
  async (app) => {
    const settings = app.config.payments;
    let provider: PaymentProvider;
    if (settings.provider === 'paystack') {
      // loadConfig already refused to start without the key.
      provider = new PaystackProvider(settings.paystackSecretKey!, settings.paystackBaseUrl);
    } else {
      const secret = await app.repos.settings.getOrCreate('sandbox_webhook_secret', () => randomBytes(48).toString('base64url'));
      provider = new SandboxProvider(app.repos.sandbox, secret);
    }
    app.decorate('payments', provider);
    app.log.info({ provider: provider.name }, 'Payment provider ready');
  },
  { name: 'payments', dependencies: ['repositories'] },
);
