// The licence area's SQL, always scoped by tenant: subscriptions and the seats pinned to holders.
import type { LicenseProduct, SeatHolderKind } from '@portal/api/contract';
import type { SeatPin } from '@portal/api/domain';
import type { Queryable } from '../../db/database.ts';
import { rowById } from '../../platform/rows.ts';

export interface SubscriptionRow {
  id: number;
  product: LicenseProduct;
  reference: string;
  seats: number;
  /** The contracted term, `YYYY-MM-DD`. */
  term_start: string;
  term_end: string;
  auto_renew: boolean;
}

const SUBSCRIPTION_FIELDS = `id, product, reference, seats, term_start::text as term_start,
  term_end::text as term_end, auto_renew`;

/** The tenant's subscriptions, oldest first. */
export const listSubscriptions = (db: Queryable, tenantId: number) =>
  db.query<SubscriptionRow>(
    `select ${SUBSCRIPTION_FIELDS} from license_subscriptions where tenant_id = $1 order by id`,
    [tenantId],
  );

/** One of the tenant's subscriptions (locked for the transaction with `lock`), or null. */
export const findSubscription = rowById<SubscriptionRow>(
  `select ${SUBSCRIPTION_FIELDS} from license_subscriptions where tenant_id = $1 and id = $2`,
);

/** The seats the tenant's people pinned, for every product. */
export const listPins = (db: Queryable, tenantId: number) =>
  db.query<SeatPin & { product: LicenseProduct }>(
    `select subscription_id, product, holder_kind as kind, holder_id
       from license_assignments where tenant_id = $1 order by id`,
    [tenantId],
  );

export async function setAutoRenew(
  db: Queryable,
  tenantId: number,
  id: number,
  autoRenew: boolean,
): Promise<void> {
  await db.query(
    'update license_subscriptions set auto_renew = $3 where tenant_id = $1 and id = $2',
    [tenantId, id, autoRenew],
  );
}

/** Pins the holder to the subscription, moving its pin from another subscription of the product. */
export async function pinHolder(
  db: Queryable,
  tenantId: number,
  subscription: { id: number; product: LicenseProduct },
  holder: { kind: SeatHolderKind; id: string },
  by: string,
): Promise<void> {
  await db.query(
    `insert into license_assignments (tenant_id, subscription_id, product, holder_kind, holder_id,
                                      assigned_by)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (tenant_id, product, holder_kind, holder_id)
     do update set subscription_id = excluded.subscription_id, assigned_by = excluded.assigned_by,
                   assigned_at = now()`,
    [tenantId, subscription.id, subscription.product, holder.kind, holder.id, by],
  );
}

/** Releases a pinned seat; answers whether there was one. */
export async function unpinHolder(
  db: Queryable,
  tenantId: number,
  subscriptionId: number,
  holder: { kind: SeatHolderKind; id: string },
): Promise<boolean> {
  const rows = await db.query(
    `delete from license_assignments
      where tenant_id = $1 and subscription_id = $2 and holder_kind = $3 and holder_id = $4
      returning id`,
    [tenantId, subscriptionId, holder.kind, holder.id],
  );
  return rows.length > 0;
}

/** Records a subscription (the provider's contract; the demo data). */
export async function insertSubscription(
  db: Queryable,
  tenantId: number,
  subscription: Omit<SubscriptionRow, 'id'>,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `insert into license_subscriptions (tenant_id, product, reference, seats, term_start, term_end,
                                        auto_renew)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      tenantId,
      subscription.product,
      subscription.reference,
      subscription.seats,
      subscription.term_start,
      subscription.term_end,
      subscription.auto_renew,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the subscription was not recorded');
  return id;
}
