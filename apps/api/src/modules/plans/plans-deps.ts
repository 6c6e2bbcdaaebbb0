import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PlanPayments } from '../payments/plan-payments';

export interface PlansDeps {
  db: Db;
  /** the PSPs as plans reach them: through the payments module */
  payments: PlanPayments;
  log: FastifyBaseLogger;
}
