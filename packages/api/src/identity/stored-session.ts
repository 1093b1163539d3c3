/**
 * The session the Firebase web SDK keeps in the browser, read without loading the SDK: a page
 * that opens signed in sends its first calls with the stored ID token while the SDK (27 KB
 * gzipped, and ~130 ms of start-up on a slow machine) loads behind it. The SDK stays the owner:
 * it writes the record, renews the token and signs out; this only reads.
 *
 * The SDK's persistence, in the order the portal gives it (`firebase.ts`): the IndexedDB
 * database `firebaseLocalStorageDb`, then localStorage, then sessionStorage, each under the key
 * `firebase:authUser:<apiKey>:<appName>` holding the user's JSON (`stsTokenManager` holds the
 * token and when it expires, in ms).
 */

/** A signed-in user as stored, with the ID token last issued (it may have expired). */
export interface StoredSession {
  email: string;
  accessToken: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

const DB_NAME = 'firebaseLocalStorageDb';
const DB_STORE = 'firebaseLocalStorage';
/** How long the database may take to answer before the SDK is asked instead. */
const READ_TIMEOUT_MS = 500;

export const storedUserKey = (apiKey: string, appName: string) =>
  `firebase:authUser:${apiKey}:${appName}`;

/** undefined: could not be read; null: nothing stored; otherwise the stored value. */
type Read = unknown;

/** The SDK's database, opened: null when there is none, undefined when it cannot be read. */
type Opened = IDBDatabase | null | undefined;

function openDatabase(): Promise<Opened> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), READ_TIMEOUT_MS);
    const done = (value: Opened) => {
      clearTimeout(timer);
      resolve(value);
    };
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME, 1);
    } catch {
      done(undefined);
      return;
    }
    // No database yet: nothing is stored, and none is created here (the SDK creates its own).
    let absent = false;
    request.onupgradeneeded = () => {
      absent = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      done(absent ? null : undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      // The SDK's own upgrade of its database never waits for this reader.
      db.onversionchange = () => db.close();
      if (db.objectStoreNames.contains(DB_STORE)) return done(db);
      db.close();
      done(undefined);
    };
  });
}

/** The database opened ahead (`openStoredSession`), until a read takes it. */
let openedAhead: Promise<Opened> | undefined;

/**
 * Starts opening the SDK's database now (the open, not the read, is what takes time in a page
 * that has just loaded), so that the read the identity service makes once it knows its key
 * finds it open. One not taken within the read timeout is closed.
 */
export function openStoredSession(): void {
  if (openedAhead) return;
  const opened = openDatabase();
  openedAhead = opened;
  setTimeout(() => {
    if (openedAhead !== opened) return;
    openedAhead = undefined;
    void opened.then((db) => db?.close());
  }, READ_TIMEOUT_MS * 10);
}

async function fromIndexedDb(key: string): Promise<Read> {
  const opened = openedAhead ?? openDatabase();
  openedAhead = undefined;
  const db = await opened;
  if (!db) return db;
  return new Promise((resolve) => {
    const timer = setTimeout(() => close(undefined), READ_TIMEOUT_MS);
    function close(value: Read) {
      clearTimeout(timer);
      db!.close();
      resolve(value);
    }
    try {
      const get = db.transaction(DB_STORE, 'readonly').objectStore(DB_STORE).get(key);
      get.onsuccess = () => {
        const record = get.result as { value?: unknown } | undefined;
        close(record === undefined ? null : (record.value ?? null));
      };
      get.onerror = () => close(undefined);
    } catch {
      close(undefined);
    }
  });
}

function fromWebStorage(storage: () => Storage, key: string): Read {
  try {
    const raw = storage().getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return undefined;
  }
}

/** The session in a stored user's JSON, or undefined when it does not have the expected shape. */
export function sessionOf(value: unknown): StoredSession | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { email, stsTokenManager: tokens } = value as {
    email?: unknown;
    stsTokenManager?: unknown;
  };
  if (typeof email !== 'string' || !email || typeof tokens !== 'object' || tokens === null)
    return undefined;
  const { accessToken, expirationTime } = tokens as {
    accessToken?: unknown;
    expirationTime?: unknown;
  };
  if (typeof accessToken !== 'string' || typeof expirationTime !== 'number') return undefined;
  return { email, accessToken, expiresAt: expirationTime };
}

/**
 * The stored session: null when the SDK keeps no user in any of its stores (signed out),
 * undefined when that cannot be told without the SDK (a store unreadable, a record of another
 * shape), otherwise the user and token.
 */
export async function readStoredSession(
  apiKey: string,
  appName: string,
): Promise<StoredSession | null | undefined> {
  const key = storedUserKey(apiKey, appName);
  const reads: (() => Read | Promise<Read>)[] = [
    () => fromIndexedDb(key),
    () => fromWebStorage(() => localStorage, key),
    () => fromWebStorage(() => sessionStorage, key),
  ];
  for (const read of reads) {
    const value = await read();
    if (value === undefined) return undefined;
    if (value !== null) return sessionOf(value);
  }
  return null;
}
