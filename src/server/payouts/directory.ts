/**
 * Banks and mobile money networks the provider pays out to, cached in app_settings for
 * 24 hours so every process shares one copy and the provider is asked at most once a day.
 * A provider that cannot be reached while an old copy exists gets the old copy served.
 */
import type { SettingsRepo } from '../repositories/settings';
import type { PaymentProvider, PayoutInstitution } from '../payments/provider';

export const DIRECTORY_TTL_MS = 24 * 60 * 60 * 1000;

export type DirectoryKind = 'banks' | 'mobile_money';

interface Cached {
  fetched_at: number;
  items: PayoutInstitution[];
}

const keyFor = (provider: PaymentProvider, kind: DirectoryKind) => `payout_directory:${provider.name}:${kind}`;

async function readCache(settings: SettingsRepo, key: string): Promise<Cached | null> {
  const value = await settings.get(key);
  if (value === null) return null;
  try {
    const parsed = JSON.parse(value) as Cached;
    return Array.isArray(parsed.items) && typeof parsed.fetched_at === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export async function payoutDirectory(
  settings: SettingsRepo,
  provider: PaymentProvider,
  kind: DirectoryKind,
  now = Date.now(),
): Promise<PayoutInstitution[]> {
  const key = keyFor(provider, kind);
  const cached = await readCache(settings, key);
  if (cached && now - cached.fetched_at < DIRECTORY_TTL_MS) return cached.items;
  let items: PayoutInstitution[];
  try {
    items = kind === 'banks' ? await provider.listBanks() : await provider.listMobileMoneyProviders();
  } catch (error) {
    if (cached) return cached.items;
    throw error;
  }
  items = [...items].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const value = JSON.stringify({ fetched_at: now, items } satisfies Cached);
  await settings.put(key, value);
  return items;
}

export async function findInstitution(
  settings: SettingsRepo,
  provider: PaymentProvider,
  kind: DirectoryKind,
  code: string,
): Promise<PayoutInstitution | null> {
  return (await payoutDirectory(settings, provider, kind)).find((i) => i.code === code) ?? null;
}
