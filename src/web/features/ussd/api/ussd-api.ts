import type { UssdSimulateAnswer, UssdSimulateBody } from '../../../../shared/contract/ussd';
import { api } from '../../../lib/api-client';

/** One step of a simulated USSD session, played through the chosen gateway's adapter on the server. */
export const simulateUssd = (body: UssdSimulateBody) => api.post<UssdSimulateAnswer>('/api/admin/ussd/simulate/', body);
