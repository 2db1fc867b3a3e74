import { useSyncExternalStore } from 'react';
import { onSaveDataChange, savedThisMonth, savingData } from './save-data';

/** Whether the app saves data (lib/save-data.ts); the component draws again when the switch changes. */
export function useSaveData(): boolean {
  return useSyncExternalStore(onSaveDataChange, savingData, () => false);
}

/** Bytes not downloaded this month thanks to saving data; draws again as pictures are left out. */
export function useSavedThisMonth(): number {
  return useSyncExternalStore(onSaveDataChange, savedThisMonth, () => 0);
}
