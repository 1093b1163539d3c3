// Licences (ours to design; the specification shows no fields): the subscriptions a tenant has
// contracted, the seats they use (counted from what the tenant runs) and the machines that hold
// them. Under `/services/license`, in the style of section 7.
import { Type, type Static } from 'typebox';
import { DateTime, Id, ClosedObject } from './common.ts';
import { LICENSE_PRODUCTS, LICENSE_STATES, SEAT_HOLDER_KINDS } from './license-values.ts';

const Day = Type.String({ format: 'date', description: 'A day, YYYY-MM-DD (UTC).' });

export const LicenseProductId = Type.Enum(LICENSE_PRODUCTS, { $id: 'LicenseProduct' });
export const SeatHolderKindSchema = Type.Enum(SEAT_HOLDER_KINDS, {
  description: 'vm (compute), machine (a machine the backup protects), host (with a sensor).',
});

/** Something that uses a seat of a product. */
export const LicenseHolder = Type.Object(
  {
    kind: SeatHolderKindSchema,
    id: Type.String({ description: "The holder's id in its area (a VM's id, a host's id)." }),
    name: Type.String({ description: "What a person knows it by: a VM's display name." }),
  },
  { $id: 'LicenseHolder' },
);
export type LicenseHolder = Static<typeof LicenseHolder>;

/** A seat of a subscription held by a machine; `pinned` when a person chose it, else automatic. */
export const LicenseAssignment = Type.Object(
  {
    kind: SeatHolderKindSchema,
    id: Type.String(),
    name: Type.String(),
    pinned: Type.Boolean({
      description: 'Chosen by a person; otherwise the holder took a free seat by itself.',
    }),
  },
  { $id: 'LicenseAssignment' },
);
export type LicenseAssignment = Static<typeof LicenseAssignment>;

export const LicenseSubscription = Type.Object(
  {
    id: Type.Integer(),
    product: LicenseProductId,
    product_name: Type.String(),
    reference: Type.String({ description: "The provider's contract reference." }),
    seats_contracted: Type.Integer({ minimum: 0 }),
    seats_in_force: Type.Integer({
      minimum: 0,
      description:
        'The contracted seats while the term runs, 0 once it has expired: what the product summary adds up.',
    }),
    seats_used: Type.Integer({
      minimum: 0,
      description: 'Holders counted against this subscription; may exceed the contracted seats.',
    }),
    seats_available: Type.Integer({ minimum: 0, description: 'Contracted seats nobody holds.' }),
    seats_over: Type.Integer({ minimum: 0, description: 'Seats used beyond the contract.' }),
    term_start: Day,
    term_end: Day,
    days_left: Type.Integer({ description: 'Days until the term ends; negative once expired.' }),
    auto_renew: Type.Boolean({ description: 'Renews for another term when this one ends.' }),
    state: Type.Enum(LICENSE_STATES),
    assignments: Type.Array(LicenseAssignment),
  },
  { $id: 'LicenseSubscription' },
);
export type LicenseSubscription = Static<typeof LicenseSubscription>;

/** One product's seats over every subscription of the tenant that has not expired. */
export const LicenseProductUsage = Type.Object(
  {
    product: LicenseProductId,
    product_name: Type.String(),
    seats_contracted: Type.Integer({
      minimum: 0,
      description: "The sum of the subscriptions' seats_in_force.",
    }),
    seats_ended: Type.Integer({
      minimum: 0,
      description: 'Seats of subscriptions that have expired: no longer counted as contracted.',
    }),
    seats_used: Type.Integer({ minimum: 0, description: 'Every holder the tenant runs.' }),
    seats_over: Type.Integer({ minimum: 0, description: 'Used beyond the contracted seats.' }),
    holders: Type.Array(LicenseHolder, { description: 'Everything that uses the product.' }),
  },
  { $id: 'LicenseProductUsage' },
);
export type LicenseProductUsage = Static<typeof LicenseProductUsage>;

export const LicenseSummary = Type.Object(
  {
    products: Type.Array(LicenseProductUsage),
    /** The subscriptions that end within 30 days, soonest first. */
    expiring: Type.Array(
      Type.Object({
        id: Type.Integer(),
        product_name: Type.String(),
        reference: Type.String(),
        term_end: Day,
        days_left: Type.Integer(),
        auto_renew: Type.Boolean(),
        seats_contracted: Type.Integer(),
        seats_available: Type.Integer({ description: 'Seats nobody holds.' }),
      }),
    ),
    as_of: DateTime,
  },
  { $id: 'LicenseSummary' },
);
export type LicenseSummary = Static<typeof LicenseSummary>;

export const LicenseParams = Type.Object({ id: Id });
export type LicenseParams = Static<typeof LicenseParams>;

export const LicenseUpdate = ClosedObject('LicenseUpdate', {
  auto_renew: Type.Boolean({ description: 'Whether the subscription renews by itself.' }),
});
export type LicenseUpdate = Static<typeof LicenseUpdate>;

export const LicenseAssign = ClosedObject('LicenseAssign', {
  kind: SeatHolderKindSchema,
  holder_id: Type.String({ minLength: 1, maxLength: 64, description: 'The holder to pin.' }),
});
export type LicenseAssign = Static<typeof LicenseAssign>;

export const LicenseAssignmentParams = Type.Object({
  id: Id,
  kind: SeatHolderKindSchema,
  holderId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type LicenseAssignmentParams = Static<typeof LicenseAssignmentParams>;
