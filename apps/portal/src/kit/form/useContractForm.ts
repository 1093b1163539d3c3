import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import {
  contractResolver,
  type ContractResolverOptions,
  type ContractSchema,
} from './contractResolver.ts';

export interface ContractFormOptions<T extends FieldValues>
  extends ContractResolverOptions<T>, Omit<UseFormProps<T>, 'resolver' | 'defaultValues'> {
  /** The values the form starts with (and returns to on `reset()`). */
  defaultValues: DefaultValues<T>;
}

/**
 * A react-hook-form form checked against a contract schema (the one the server checks the
 * request with), with whole-sentence messages that name the field. Errors show on submit (or
 * a step's Next) and then follow each change of the field.
 *
 * ```ts
 * const form = useContractForm(FirewallRuleBody, {
 *   defaultValues: EMPTY_RULE,
 *   toBody: (rule) => ({ ...rule, ports: rule.ports || null }),
 *   labels: { source: 'source range' },
 *   messages: { ports: 'Enter one port (22) or a range (8000-8080) from 1 to 65535.' },
 * });
 * ```
 */
export function useContractForm<T extends FieldValues>(
  schema: ContractSchema,
  options: ContractFormOptions<T>,
): UseFormReturn<T> {
  const { toBody, fieldOf, labels, messages, refine, ...formOptions } = options;
  // Rebuilt each render so it sees the latest catalogue and callbacks; react-hook-form reads
  // the resolver from its options at validation time.
  const resolver = contractResolver<T>(schema, { toBody, fieldOf, labels, messages, refine });
  return useForm<T>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // FormDialog and CreateFlow focus the first invalid field in screen order themselves.
    shouldFocusError: false,
    ...formOptions,
    resolver,
  });
}
