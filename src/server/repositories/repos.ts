/**
 * Every repository on one database handle, built in one place: the repositories plugin decorates
 * app.repos with makeRepos(app.db), and repos.transaction() hands out the same set bound to one
 * transaction. Tables are read and written only through them (tests/server/architecture.test.ts
 * keeps it so); code that takes repositories names them by the Repos type from here.
 */
import { STEP_UP_MAX_AGE_SECONDS } from '../../shared/sign-in';
import type { Db } from '../db/client';
import { AccountErasureRepo } from './account-erasure';
import { AdminPaymentsRepo } from './admin-payments';
import { AdminUsersRepo } from './admin-users';
import { AuditLogRepo } from './audit-log';
import { CartsRepo } from './carts';
import { CategoriesRepo } from './categories';
import { CausesRepo } from './causes';
import { CauseUpdatesRepo } from './cause-updates';
import { ContentRepo } from './content';
import { DonationsRepo } from './donations';
import { FavoritesRepo } from './favorites';
import { LedgerRepo } from './ledger';
import { IdempotencyKeysRepo } from './idempotency-keys';
import { LoginAttemptsRepo } from './login-attempts';
import { MailRepo } from './mail';
import { MediaRepo } from './media';
import { MobileChargesRepo } from './mobile-charges';
import { NewsletterRepo } from './newsletter';
import { NotificationsRepo } from './notifications';
import { PasswordResetsRepo } from './password-resets';
import { PayoutChangesRepo } from './payout-changes';
import { PaymentsRepo } from './payments';
import { PushSubscriptionsRepo } from './push-subscriptions';
import { RefreshTokensRepo } from './refresh-tokens';
import { RefundsRepo } from './refunds';
import { SandboxRepo } from './sandbox';
import { ServiceStatusRepo } from './service-status';
import { SessionsRepo } from './sessions';
import { SettingsRepo } from './settings';
import { SettlementsRepo } from './settlements';
import { SmsRepo } from './sms';
import { SmsConsentRepo } from './sms-consent';
import { SubscriptionsRepo } from './subscriptions';
import { StatementsRepo } from './statements';
import { SweepClaimsRepo } from './sweep-claims';
import { TreasurersRepo } from './treasurers';
import { TwoStepRepo } from './two-step';
import { UsersRepo } from './users';
import { UssdRepo } from './ussd';
import { WithdrawalsRepo } from './withdrawals';

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
  /** Texts: the same outbox as mail, channel 'sms', only to numbers that agreed. */
  sms: SmsRepo;
  /** Who may be texted: `smsConsent.agree(phone, source)` from a form or USSD, `stop` from a STOP reply. */
  smsConsent: SmsConsentRepo;
  passwordResets: PasswordResetsRepo;
  accountErasure: AccountErasureRepo;
  /** Readiness and the gauges of GET /metrics. */
  serviceStatus: ServiceStatusRepo;
  ussd: UssdRepo;
  sessions: SessionsRepo;
  twoStep: TwoStepRepo;
  payoutChanges: PayoutChangesRepo;
  auditLog: AuditLogRepo;
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
  /** STEP_UP_MAX_AGE_SECONDS (default 600). */
  stepUpSeconds?: number;
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
    sms: new SmsRepo(db),
    smsConsent: new SmsConsentRepo(db),
    passwordResets: new PasswordResetsRepo(db),
    accountErasure: new AccountErasureRepo(db),
    serviceStatus: new ServiceStatusRepo(db),
    ussd: new UssdRepo(db),
    sessions: new SessionsRepo(db, options.stepUpSeconds ?? STEP_UP_MAX_AGE_SECONDS),
    twoStep: new TwoStepRepo(db),
    payoutChanges: new PayoutChangesRepo(db),
    auditLog: new AuditLogRepo(db),
    transaction: (work) => db.transaction((tx) => work(makeRepos(tx as unknown as Db, options))),
  };
}
