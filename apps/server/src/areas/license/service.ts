// Licence business rules: the subscriptions as the tenant sees them today, with the seats its
// machines use (counted by the areas that run them, through platform/seats.ts), and the changes a
// customer makes: automatic renewal, and pinning a seat to a chosen machine.
import {
  LICENSE_PRODUCT_NAMES,
  LICENSE_PRODUCTS,
  type LicenseAssign,
  type ListPagingQuery,
  type LicenseProduct,
  type LicenseProductUsage,
  type LicenseSubscription,
  type LicenseSummary,
  type SeatHolderKind,
} from '@portal/api/contract';
import {
  allocateSeats,
  currentTerm,
  pinRefusal,
  renewalRefusal,
  utcDay,
  type Holder,
  type LicenseTerm,
} from '@portal/api/domain';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Caller } from '../../plugins/access.ts';
import { pageRows, parsePaging, type RowListSpec } from '../../platform/paging.ts';
import type { SeatCounter } from '../../platform/seats.ts';
import {
  findSubscription,
  listPins,
  listSubscriptions,
  pinHolder,
  setAutoRenew,
  unpinHolder,
  type SubscriptionRow,
} from './repository.ts';

export interface LicenseDeps {
  db: Database;
  /** Every area's seat counters, handed in by the composition. */
  counters: readonly SeatCounter[];
  /** The clock; the system's by default. */
  now?: () => Date;
}

interface TenantLicences {
  subscriptions: LicenseSubscription[];
  products: LicenseProductUsage[];
}

/** Every holder of `product` in the tenant, once each, in the counters' order. */
async function holdersOf(
  db: Queryable,
  counters: readonly SeatCounter[],
  tenantId: number,
  product: LicenseProduct,
): Promise<Holder[]> {
  const seen = new Set<string>();
  const holders: Holder[] = [];
  for (const counter of counters) {
    if (counter.product !== product) continue;
    for (const holder of await counter.holders(db, tenantId)) {
      const key = `${holder.kind}:${holder.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      holders.push({ kind: holder.kind, id: holder.id, name: holder.name });
    }
  }
  return holders;
}

/** The tenant's subscriptions and products as of `today`, seats counted from what it runs. */
async function tenantLicences(
  db: Queryable,
  counters: readonly SeatCounter[],
  tenantId: number,
  today: string,
): Promise<TenantLicences> {
  const rows = await listSubscriptions(db, tenantId);
  const pins = await listPins(db, tenantId);
  const terms = new Map<number, LicenseTerm>(rows.map((row) => [row.id, currentTerm(row, today)]));
  const subscriptions = new Map<number, LicenseSubscription>();
  const products: LicenseProductUsage[] = [];
  for (const product of LICENSE_PRODUCTS) {
    const own = rows.filter((row) => row.product === product);
    const holders = await holdersOf(db, counters, tenantId, product);
    if (own.length === 0 && holders.length === 0) continue;
    const allocation = allocateSeats(
      own.map((row) => {
        const term = terms.get(row.id) ?? currentTerm(row, today);
        return { id: row.id, seats: row.seats, term_end: term.term_end, state: term.state };
      }),
      holders,
      pins.filter((pin) => pin.product === product),
    );
    const views: LicenseSubscription[] = [];
    for (const row of own) {
      const term = terms.get(row.id) ?? currentTerm(row, today);
      const seats = allocation.seats.get(row.id) ?? [];
      const expired = term.state === 'expired';
      const view: LicenseSubscription = {
        id: row.id,
        product,
        product_name: LICENSE_PRODUCT_NAMES[product],
        reference: row.reference,
        seats_contracted: row.seats,
        // An expired subscription's seats cannot be held: none is in force, none available.
        seats_in_force: expired ? 0 : row.seats,
        seats_used: seats.length,
        seats_available: expired ? 0 : Math.max(0, row.seats - seats.length),
        seats_over: Math.max(0, seats.length - row.seats),
        ...term,
        auto_renew: row.auto_renew,
        assignments: seats,
      };
      views.push(view);
      subscriptions.set(row.id, view);
    }
    // The product's figures add up the rows the table shows: one source for both.
    const contracted = views.reduce((sum, view) => sum + view.seats_in_force, 0);
    products.push({
      product,
      product_name: LICENSE_PRODUCT_NAMES[product],
      seats_contracted: contracted,
      seats_ended: views.reduce(
        (sum, view) => sum + (view.state === 'expired' ? view.seats_contracted : 0),
        0,
      ),
      seats_used: holders.length,
      seats_over: Math.max(0, holders.length - contracted),
      holders,
    });
  }
  return {
    subscriptions: rows.flatMap((row) => subscriptions.get(row.id) ?? []),
    products,
  };
}

const today = (deps: LicenseDeps) => utcDay(deps.now?.() ?? new Date());

const missing = (id: number) => notFound(`There is no licence subscription ${id} in your tenant.`);

/** The licence list's sorts and search: its seats are allocated in Node, so it pages there. */
const LICENSE_LIST: RowListSpec<LicenseSubscription> = {
  name: 'license',
  id: (row) => row.id,
  sorts: {
    id: { value: (row) => row.id, type: 'integer' },
    product: { value: (row) => row.product_name, type: 'text' },
    reference: { value: (row) => row.reference, type: 'text' },
    state: { value: (row) => row.state, type: 'text' },
    available: { value: (row) => row.seats_available, type: 'integer' },
    term: { value: (row) => row.term_end, type: 'text' },
  },
  defaultSort: 'id',
  search: (row) => [
    row.product_name,
    row.reference,
    row.state,
    ...row.assignments.map((holder) => holder.name),
  ],
};

/** `GET /services/license`: the whole list (oldest first), or a page of it. */
export async function listLicenses(deps: LicenseDeps, caller: Caller, query: ListPagingQuery) {
  const paging = parsePaging(LICENSE_LIST, query, String(caller.tenantId));
  const { subscriptions } = await tenantLicences(
    deps.db,
    deps.counters,
    caller.tenantId,
    today(deps),
  );
  return pageRows(LICENSE_LIST, subscriptions, paging);
}

/** `GET /services/license/summary` */
export async function licenseSummary(deps: LicenseDeps, caller: Caller): Promise<LicenseSummary> {
  const now = deps.now?.() ?? new Date();
  const view = await tenantLicences(deps.db, deps.counters, caller.tenantId, utcDay(now));
  return {
    products: view.products,
    expiring: view.subscriptions
      .filter((each) => each.state === 'expiring')
      .sort((a, b) => a.days_left - b.days_left || a.id - b.id)
      .map((each) => ({
        id: each.id,
        product_name: each.product_name,
        reference: each.reference,
        term_end: each.term_end,
        days_left: each.days_left,
        auto_renew: each.auto_renew,
        seats_contracted: each.seats_contracted,
        seats_available: each.seats_available,
      })),
    as_of: now.toISOString(),
  };
}

async function subscriptionView(
  db: Queryable,
  deps: LicenseDeps,
  caller: Caller,
  id: number,
): Promise<LicenseSubscription> {
  const view = await tenantLicences(db, deps.counters, caller.tenantId, today(deps));
  const found = view.subscriptions.find((each) => each.id === id);
  if (!found) throw missing(id);
  return found;
}

/** `GET /services/license/{id}` */
export const getLicense = (deps: LicenseDeps, caller: Caller, id: number) =>
  subscriptionView(deps.db, deps, caller, id);

async function lockedSubscription(
  tx: Queryable,
  deps: LicenseDeps,
  caller: Caller,
  id: number,
): Promise<{ row: SubscriptionRow; term: LicenseTerm }> {
  const row = await findSubscription(tx, caller.tenantId, id, true);
  if (!row) throw missing(id);
  return { row, term: currentTerm(row, today(deps)) };
}

/** `PATCH /services/license/{id}`: automatic renewal on or off (not once it has expired). */
export function updateLicense(
  deps: LicenseDeps,
  caller: Caller,
  id: number,
  autoRenew: boolean,
): Promise<LicenseSubscription> {
  return deps.db.transaction(async (tx) => {
    const { term } = await lockedSubscription(tx, deps, caller, id);
    const refusal = renewalRefusal(term.state);
    if (refusal) throw conflict(refusal);
    await setAutoRenew(tx, caller.tenantId, id, autoRenew);
    return subscriptionView(tx, deps, caller, id);
  });
}

const KIND_NAMES: Record<SeatHolderKind, string> = {
  vm: 'virtual machine',
  machine: 'protected machine',
  host: 'host',
};

/** `POST /services/license/{id}/assignments`: pins a seat to a holder of the product. */
export function assignLicense(
  deps: LicenseDeps,
  caller: Caller,
  id: number,
  body: LicenseAssign,
): Promise<LicenseSubscription> {
  return deps.db.transaction(async (tx) => {
    const { row, term } = await lockedSubscription(tx, deps, caller, id);
    const holders = await holdersOf(tx, deps.counters, caller.tenantId, row.product);
    const holder = holders.find((each) => each.kind === body.kind && each.id === body.holder_id);
    if (!holder)
      throw badRequest(
        `holder_id: no ${KIND_NAMES[body.kind]} ${body.holder_id} of yours uses ${LICENSE_PRODUCT_NAMES[row.product]}.`,
        'holder_id',
      );
    const pins = (await listPins(tx, caller.tenantId)).filter(
      (pin) =>
        pin.subscription_id === id && !(pin.kind === body.kind && pin.holder_id === body.holder_id),
    );
    const refusal = pinRefusal({ state: term.state, seats: row.seats, pinned: pins.length });
    if (refusal) throw conflict(refusal);
    await pinHolder(tx, caller.tenantId, row, holder, caller.email);
    return subscriptionView(tx, deps, caller, id);
  });
}

/** `DELETE /services/license/{id}/assignments/{kind}/{holderId}`: releases a pinned seat. */
export function unassignLicense(
  deps: LicenseDeps,
  caller: Caller,
  id: number,
  holder: { kind: SeatHolderKind; id: string },
): Promise<LicenseSubscription> {
  return deps.db.transaction(async (tx) => {
    await lockedSubscription(tx, deps, caller, id);
    if (!(await unpinHolder(tx, caller.tenantId, id, holder)))
      throw notFound(
        `No seat of this subscription is pinned to ${KIND_NAMES[holder.kind]} ${holder.id}.`,
      );
    return subscriptionView(tx, deps, caller, id);
  });
}
