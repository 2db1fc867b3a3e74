/** The health checks on the wire: what load balancers, scripts and the PWA's online probe ask. */
import { Type, type Static } from 'typebox';

/** GET /api/health/ and GET /api/health/live: the process answers. */
export const LivenessSchema = Type.Object({ status: Type.Literal('ok') });
export type Liveness = Static<typeof LivenessSchema>;

/** GET /api/health/ready: 200 only when this process should get traffic; else a 503 error body. */
export const ReadinessSchema = Type.Object({ status: Type.Literal('ready') });
export type Readiness = Static<typeof ReadinessSchema>;
