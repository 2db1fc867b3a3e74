/** /donation?causeId=&amount= (spec §2). amount stays text: the form prefills it only when numeric. */
export interface DonationSearch {
  causeId?: string;
  amount?: string;
}

export function validateDonationSearch(search: Record<string, unknown>): DonationSearch {
  const out: DonationSearch = {};
  const causeId = search.causeId;
  if ((typeof causeId === 'string' && causeId.trim()) || typeof causeId === 'number') out.causeId = String(causeId).trim();
  const amount = search.amount;
  if (typeof amount === 'string' || typeof amount === 'number') out.amount = String(amount);
  return out;
}

/** /multidonation?causes=a,b — the ticked cause ids, comma separated (all cart lines when absent). */
export interface MultiDonationSearch {
  causes?: string;
}

export function validateMultiDonationSearch(search: Record<string, unknown>): MultiDonationSearch {
  const raw = search.causes;
  const list = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? raw.split(',') : [];
  const ids = [...new Set(list.map((id) => id.trim()).filter(Boolean))];
  return ids.length ? { causes: ids.join(',') } : {};
}

export function causeIdsFromSearch(search: MultiDonationSearch): string[] {
  return search.causes ? search.causes.split(',').filter(Boolean) : [];
}
