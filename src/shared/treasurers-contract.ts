/** Treasurers (types only, from the contract schemas in src/shared/contract/treasurers.ts). */
import type { Static } from 'typebox';
import type { TreasurerInvitationSchema, TreasurerListSchema, TreasurerSchema, WithdrawalDecisionSchema } from './contract/treasurers';

export type Treasurer = Static<typeof TreasurerSchema>;
/** GET /api/causes/{id}/treasurers/ */
export type TreasurerList = Static<typeof TreasurerListSchema>;
/** GET /api/treasurer-invitations/ items. */
export type TreasurerInvitation = Static<typeof TreasurerInvitationSchema>;
export type WithdrawalDecision = Static<typeof WithdrawalDecisionSchema>;
