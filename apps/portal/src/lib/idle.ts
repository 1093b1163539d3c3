/** Runs `work` once the browser is idle (within 2 s at the latest). */
export const whenIdle = (work: () => void) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 2_000 });
  else setTimeout(work, 100);
};
