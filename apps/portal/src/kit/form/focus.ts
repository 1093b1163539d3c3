/**
 * Focuses the first control marked invalid inside `container`. A radio group marks its
 * fieldset, which cannot take focus: its chosen (else first) radio does instead.
 * Answers whether something took focus.
 */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const invalid = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return false;
  const target =
    invalid.tagName === 'FIELDSET' || invalid.getAttribute('role') === 'radiogroup'
      ? (invalid.querySelector<HTMLElement>(
          '[role="radio"][aria-checked="true"], input[type="radio"]:checked',
        ) ??
        invalid.querySelector<HTMLElement>(
          '[role="radio"]:not([disabled]), input:not([disabled]), button:not([disabled])',
        ))
      : invalid;
  target?.focus();
  return target !== null && target !== undefined;
}

/**
 * Focuses the first invalid control once it is on screen: errors and a new step render a frame
 * or two after the check that found them, so this tries again for a few frames.
 */
export function focusFirstInvalidSoon(container: () => HTMLElement | null, frames = 10): void {
  const attempt = (left: number) => {
    if (!focusFirstInvalid(container()) && left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  requestAnimationFrame(() => attempt(frames));
}
