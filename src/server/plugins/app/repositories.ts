/**
 * One place that builds the data-access objects on top of app.db. Tables are read and written only
 * through them (tests/server/architecture.test.ts keeps it so); a unit of work that spans tables
 * takes repositories bound to one transaction from repos.transaction(), never builds them by hand.
 */
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { AccountErasureRepo } from '../../repositories/account-erasure';
import { AdminPaymentsRepo } from '../../repositories/admin-payments';
import { AdminUsersRepo } from '../../repositories/admin-users';
import { CartsRepo } from '../../repositories/carts';
import { CategoriesRepo } from '../../repositories/categories';
import { CausesRepo } from '../../repositories/causes';
import { CauseUpdatesRepo } from '../../repositories/cause-updates';
import { ContentRepo } from '../../repositories/content';
import { DonationsRepo } from '../../repositories/donations';
import { FavoritesRepo } from '../../repositories/favorites';
import { LedgerRepo } from '../../repositories/ledger';
import { IdempotencyKeysRepo } from '../../repositories/idempotency-keys';
import { LoginAttemptsRepo } from '../../repositories/login-attempts';
import { MailRepo } from '../../repositories/mail';
import { MediaRepo } from '../../repositories/media';
import { MobileChargesRepo } from '../../repositories/mobile-charges';
import { NewsletterRepo } from '../../repositories/newsletter';
import { NotificationsRepo } from '../../repositories/notifications';
import { PasswordResetsRepo } from '../../repositories/password-resets';
import { PaymentsRepo } from '../../repositories/payments';
import { PushSubscriptionsRepo } from '../../repositories/push-subscriptions';
import { RefreshTokensRepo } from '../../repositories/refresh-tokens';
import { RefundsRepo } from '../../repositories/refunds';
import { SandboxRepo } from '../../repositories/sandbox';
import { SettingsRepo } from '../../repositories/settings';
import { SettlementsRepo } from '../../repositories/settlements';
import { SubscriptionsRepo } from '../../repositories/subscriptions';
import { StatementsRepo } from '../../repositories/statements';
import { SweepClaimsRepo } from '../../repositories/sweep-claims';
import { TreasurersRepo } from '../../repositories/treasurers';
import { UsersRepo } from '../../repositories/users';
import { WithdrawalsRepo } from '../../repositories/withdrawals';

export interface Repos {
  users: UsersRepo;
  refreshTokens: RefreshTokensRepo;
  loginAttempts: LoginAttemptsRepo;
  idempotencyKeys: IdempotencyKeysRepo;
  media: MediaRepo;
  settings: SettingsRepo;
  causes: CausesRepo;
  causeUpdates: CauseUpdatesRepo;
  categories: CategoriesRepo;
  ledger: LedgerRepo;
  donations: DonationsRepo;
  favorites: FavoritesRepo;
  notifications: NotificationsRepo;
  newsletter: NewsletterRepo;
  content: ContentRepo;
  adminUsers: AdminUsersRepo;
  adminPayments: AdminPaymentsRepo;
  payments: PaymentsRepo;
  mobileCharges: MobileChargesRepo;
  carts: CartsRepo;
  withdrawals: WithdrawalsRepo;
  refunds: RefundsRepo;
  treasurers: TreasurersRepo;
  pushSubscriptions: PushSubscriptionsRepo;
  settlements: SettlementsRepo;
  subscriptions: SubscriptionsRepo;
  statements: StatementsRepo;
  sandbox: SandboxRepo;
  sweepClaims: SweepClaimsRepo;
  mail: MailRepo;
  passwordResets: PasswordResetsRepo;
  accountErasure: AccountErasureRepo;
  /**
   * Runs `work` in one database transaction with every repository bound to it: all its writes
   * commit together or none do (a throw rolls back every table it touched).
   */
  transaction<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}

export interface RepoOptions {
  loginWindowSeconds: number;
  /** No SMTP server: queued mail is kept for the admins' screen instead of sent. */
  mailKeptOnly: boolean;
  /** CARD_HOLD_HOURS: how long card money stays out of a cause's available balance. */
  cardHoldHours: number;
}

export function makeRepos(db: Db, options: RepoOptions): Repos {
  return {
    users: new UsersRepo(db),
    refreshTokens: new RefreshTokensRepo(db),
    loginAttempts: new LoginAttemptsRepo(db, options.loginWindowSeconds),
    idempotencyKeys: new IdempotencyKeysRepo(db),
    media: new MediaRepo(db),
    settings: new SettingsRepo(db),
    causes: new CausesRepo(db),
    causeUpdates: new CauseUpdatesRepo(db),
    categories: new CategoriesRepo(db),
    ledger: new LedgerRepo(db),
    donations: new DonationsRepo(db),
    favorites: new FavoritesRepo(db),
    notifications: new NotificationsRepo(db),
    newsletter: new NewsletterRepo(db),
    content: new ContentRepo(db),
    adminUsers: new AdminUsersRepo(db),
    adminPayments: new AdminPaymentsRepo(db),
    payments: new PaymentsRepo(db),
    mobileCharges: new MobileChargesRepo(db),
    carts: new CartsRepo(db),
    withdrawals: new WithdrawalsRepo(db, options.cardHoldHours),
    refunds: new RefundsRepo(db),
    treasurers: new TreasurersRepo(db),
    pushSubscriptions: new PushSubscriptionsRepo(db),
    settlements: new SettlementsRepo(db),
    subscriptions: new SubscriptionsRepo(db),
    statements: new StatementsRepo(db),
    sandbox: new SandboxRepo(db),
    sweepClaims: new SweepClaimsRepo(db),
    mail: new MailRepo(db, options.mailKeptOnly),
    passwordResets: new PasswordResetsRepo(db),
    accountErasure: new AccountErasureRepo(db),
    transaction: (work) => db.transaction((tx) => work(makeRepos(tx as unknown as Db, options))),
  };
}

export default fp(
  async (app) => {
    app.decorate(
      'repos',
      makeRepos(app.db, {
        loginWindowSeconds: app.config.loginLimits.windowSeconds,
        mailKeptOnly: !app.config.mail.smtpUrl,
        cardHoldHours: app.config.cardHoldHours,
      }),
    );
  },
  { name: 'repositories', dependencies: ['db'] },
);
