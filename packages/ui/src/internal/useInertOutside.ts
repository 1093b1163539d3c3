import { useEffect } from 'react';

/**
 * While `layer` (a portalled popup such as an open listbox) is on screen, the page parts that
 * Radix hid from assistive technology with `aria-hidden` are made `inert` too. `aria-hidden` alone
 * leaves their buttons and links focusable, which axe reports as `aria-hidden-focus` (a screen
 * reader user could tab into content they are told is not there); `inert` takes them out of the
 * focus order as well. Only what was hidden is touched, and only what this hook made inert is
 * given back, so a live region or an already inert part stays as it was. Radix's focus guards
 * (hidden, focusable spans at the page's edges) become inert too: a listbox keeps Tab to itself.
 *
 * Call it in the component that renders the layer: effects run child first, so Radix's own
 * `aria-hidden` is in place when this runs.
 */
export function useInertOutside(layer: HTMLElement | null): void {
  // `layer` is null while it is closed.
  useEffect(() => {
    if (!layer) return;
    const made: Element[] = [];
    for (const part of Array.from(layer.ownerDocument.body.children)) {
      if (part.contains(layer) || part.hasAttribute('inert')) continue;
      if (part.getAttribute('aria-hidden') !== 'true') continue;
      part.setAttribute('inert', '');
      made.push(part);
    }
    return () => {
      for (const part of made) part.removeAttribute('inert');
    };
  }, [layer]);
}
