import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, errorText } from '@portal/api/client';
import { reportError } from '../../services.ts';
import { FORM_ERROR } from './contractResolver.ts';
import { asSentence } from './messages.ts';

/**
 * Where a server field shows in the form: a table from the server's name (`vm_params.memory`) to
 * the form's field, or a function answering undefined for a field the form does not have.
 */
export type ServerFieldMap<T extends FieldValues> =
  Partial<Record<string, FieldPath<T>>> | ((serverField: string) => FieldPath<T> | undefined);

/** `/vm_params/adapters/1/vlan_id`, `vm_params.adapters[1].vlan_id` → `vm_params.adapters.1.vlan_id`. */
export const normalizeServerField = (field: string): string =>
  field
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^body\./, '');

/**
 * A 400's message for a person, without the field prefix the server puts first:
 * "display_name: is already used" → "Is already used." (the field is named by where it shows).
 */
export function serverFieldMessage(error: ApiError): string {
  const text = errorText(error);
  const field = error.field ?? '';
  const normalized = normalizeServerField(field);
  const prefix = [field, normalized].find((name) => name && text.startsWith(`${name}: `));
  return asSentence(prefix ? text.slice(prefix.length + 2) : text);
}

/** The form field a server error names, or undefined (not a 400, no field, or not in this form). */
export function serverFieldOf<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'getValues'>,
  fieldMap?: ServerFieldMap<T>,
): FieldPath<T> | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.field) return undefined;
  const name = normalizeServerField(error.field);
  if (typeof fieldMap === 'function') return fieldMap(name);
  const mapped = fieldMap?.[name] ?? fieldMap?.[error.field];
  if (mapped) return mapped;
  // Forms that edit a contract body as it is use the server's names for their fields.
  return form.getValues(name as FieldPath<T>) !== undefined ? (name as FieldPath<T>) : undefined;
}

/**
 * Puts a failed request's error where a person can fix it: a 400 naming a field of this form
 * goes to that field (and takes focus there); anything else becomes the form-level error that
 * `FormAlert` shows. Answers the field, or undefined when the error went to the form.
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  error: unknown,
  fieldMap?: ServerFieldMap<T>,
  { focus = true }: { focus?: boolean } = {},
): FieldPath<T> | undefined {
  const field = serverFieldOf(error, form, fieldMap);
  if (field && error instanceof ApiError) {
    form.setError(
      field,
      { type: 'server', message: serverFieldMessage(error) },
      { shouldFocus: focus },
    );
    return field;
  }
  // The failed-call rule: logged, and its text (data.message, raw data or 'No response') shown.
  form.setError(FORM_ERROR, { type: 'server', message: reportError(error) });
  return undefined;
}
