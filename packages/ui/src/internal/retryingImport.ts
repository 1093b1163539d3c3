/**
 * How long a failed fetch of code waits before each further try. A moment's network failure
 * (Chromium cancels the requests in flight when the machine's interfaces change) should not leave
 * a page, a menu or a dialog broken. Chromium fetches a failed module again (checked on Debian's
 * Chromium 156); a chunk's own imports can fail on the next try, hence two.
 */
export const IMPORT_RETRIES_MS = [500, 1500];

/** `load` (a dynamic `import()`), tried again after a failure, twice at most. */
export const retryingImport =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    IMPORT_RETRIES_MS.reduce<Promise<M>>(
      (attempt, pause) =>
        attempt.catch(() => new Promise((resolve) => setTimeout(resolve, pause)).then(load)),
      load(),
    );
