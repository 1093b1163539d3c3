import { useState, type FormEvent, type RefObject } from 'react';
import { identityErrorSentence } from '@portal/api/identity';

/** A sentence per field that is wrong; none for the right ones. */
export type FieldSentences<F extends string> = Partial<Record<F, string | undefined>>;

interface CheckedRun<F extends string> {
  /** The fields' checks, run first. */
  check: () => FieldSentences<F>;
  /** The request, once every field is right: the submit button is busy until it fails. */
  run: () => Promise<void>;
  /** After a failure's sentence is shown (to select the field to correct). */
  afterFailure?: () => void;
}

/**
 * The submit of a hand-made identity form (sign in, reset the password, a second step): the
 * checks' sentences go to their fields and the first field in error, in the order of `fields`,
 * takes focus; with none, the request runs, the submit button busy; its failure is a sentence
 * above the fields, and the button is free again.
 */
export function useCheckedSubmit<F extends string>(
  fields: Record<F, RefObject<HTMLInputElement | null>>,
) {
  const [errors, setErrors] = useState<FieldSentences<F>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent, { check, run, afterFailure }: CheckedRun<F>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    const first = (Object.keys(fields) as F[]).find((field) => found[field]);
    if (first) return fields[first].current?.focus();
    setBusy(true);
    try {
      await run();
    } catch (error) {
      setFailure(identityErrorSentence(error));
      setBusy(false);
      afterFailure?.();
    }
  };
  return { errors, failure, setFailure, busy, setBusy, submit };
}
