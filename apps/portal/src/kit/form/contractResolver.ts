import { toNestErrors } from '@hookform/resolvers';
import { typeboxResolver } from '@hookform/resolvers/typebox';
import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type ResolverOptions,
} from 'react-hook-form';
import {
  labelOfPath,
  messageFor,
  schemaAt,
  type MessageOverride,
  type SchemaNode,
} from './messages.ts';

/** A TypeBox object schema from `@portal/api/contract` (`FirewallRuleBody`, `VmCreate`, …). */
export type ContractSchema = Parameters<typeof typeboxResolver>[0];

/** The key of the form-level error (`errors.root.form`): shown as an Alert, not at a field. */
export const FORM_ERROR = 'root.form' as const;

export interface ContractResolverOptions<T extends FieldValues> {
  /**
   * The body the contract checks, built from the form's values; defaults to the values as they
   * are. Answer `undefined` to skip the contract (e.g. while `refine` already names problems).
   */
  toBody?: (values: T) => unknown;
  /**
   * Where a problem at a body path shows in the form; defaults to the same path when the form
   * has that field. A problem with no field stops the submit as the form-level error.
   */
  fieldOf?: (bodyPath: string) => FieldPath<T> | undefined;
  /** How fields are named inside sentences ("name"), by body path; defaults to the path's words. */
  labels?: Partial<Record<string, string>>;
  /** Sentences that replace the derived ones, by body path (see `MessageOverride`). */
  messages?: Partial<Record<string, MessageOverride>>;
  /**
   * Checks the contract cannot express (choices from a catalogue, one field against another),
   * as a sentence per form field. Runs first; the contract is checked only when it finds nothing.
   */
  refine?: (values: T) => Partial<Record<FieldPath<T>, string>>;
}

type FlatErrors = Record<string, FieldError>;

const isLeaf = (node: unknown): node is FieldError =>
  typeof node === 'object' &&
  node !== null &&
  typeof (node as { type?: unknown }).type === 'string';

/** `{ vm_params: { memory: { type, message } } }` → `{ 'vm_params.memory': { type, message } }`. */
function flatten(errors: unknown, prefix = '', into: FlatErrors = {}): FlatErrors {
  if (typeof errors !== 'object' || errors === null) return into;
  for (const [key, value] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isLeaf(value)) into[path] = { type: value.type, message: value.message };
    else flatten(value, path, into);
  }
  return into;
}

type LooseResolver = (
  values: unknown,
  context: unknown,
  options: ResolverOptions<FieldValues>,
) => Promise<{ errors: FieldErrors }>;

/**
 * A react-hook-form resolver over a contract schema, with whole sentences naming the field
 * ("Enter a name of 1 to 64 characters.") instead of TypeBox's "must match pattern …".
 * The same schema validates the server's input, so what passes here passes there.
 */
export function contractResolver<T extends FieldValues>(
  schema: ContractSchema,
  options: ContractResolverOptions<T> = {},
): Resolver<T> {
  // The library resolver does the checking; its messages are replaced below.
  const check = typeboxResolver(schema) as unknown as LooseResolver;
  const root = schema as unknown as SchemaNode;
  const { toBody, fieldOf, labels = {}, messages = {}, refine } = options;

  return async (values, context, resolverOptions) => {
    const flat: FlatErrors = {};
    for (const [field, message] of Object.entries(refine?.(values) ?? {}))
      if (typeof message === 'string') flat[field] = { type: 'refine', message };

    const body = Object.keys(flat).length === 0 ? (toBody ? toBody(values) : values) : undefined;
    if (body !== undefined) {
      const { errors } = await check(body, context, {
        ...(resolverOptions as ResolverOptions<FieldValues>),
        fields: {},
        names: undefined,
        criteriaMode: 'firstError',
        shouldUseNativeValidation: false,
      });
      for (const [bodyPath, error] of Object.entries(flatten(errors))) {
        const target = fieldOf
          ? fieldOf(bodyPath)
          : bodyPath && get(values, bodyPath) !== undefined
            ? (bodyPath as FieldPath<T>)
            : undefined;
        const issue = {
          keyword: error.type,
          path: bodyPath,
          schema: schemaAt(root, bodyPath),
          label: labels[bodyPath] ?? labelOfPath(bodyPath),
        };
        const message = messageFor(issue, messages[bodyPath]);
        // A problem the form has no field for still stops the submit, said above the buttons.
        const key = target ?? FORM_ERROR;
        if (!flat[key]) flat[key] = { type: error.type, message };
      }
    }

    if (Object.keys(flat).length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: toNestErrors(flat, resolverOptions as ResolverOptions<T>),
    };
  };
}
