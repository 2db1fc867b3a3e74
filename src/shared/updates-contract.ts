/** A cause's updates and words of support; the types are the contract schemas' (src/shared/contract/updates.ts). */
import type { Static } from 'typebox';
import type { CauseUpdateSchema, SupportMessageSchema } from './contract/updates';

export type CauseUpdate = Static<typeof CauseUpdateSchema>;
export type SupportMessage = Static<typeof SupportMessageSchema>;

export const UPDATE_BODY_MAX = 5000;
export const SUPPORT_MESSAGE_MAX = 280;
