import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import type { Doorbell } from '../../realtime/doorbell';
import type { Mailer } from '../mail/mailer';

/** What refund work needs: the database, Stripe (made only when called), the doorbell and mail. */
export interface RefundDeps {
  db: Db;
  stripe: () => Stripe;
  bell: Doorbell;
  mailer: Mailer;
}
