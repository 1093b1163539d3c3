import { proxy, subscribe } from 'valtio';
import { setThemeMode } from '@portal/ui';

/** Keys under which the two persisted choices live (read by the no-flash boot script too). */
export const STORAGE_KEYS = { darkmode: 'portal.darkmode', drawer: 'portal.drawer' } as const;

export type SnackbarColor = 'success' | 'error' | 'info' | 'warning';

export interface AppState {
  /** Persisted: dark theme on. */
  darkmode: boolean;
  /** Persisted: navigation drawer expanded. */
  drawer: boolean;
  snackbar: { message: string; color: SnackbarColor; show: boolean };
  /** The item a page hands to the next (e.g. a VM passed to its console). */
  item: unknown;
  /** Set when data changed behind a page's back; cleared before each navigation. */
  fetchRequired: boolean;
  /** A VM task is in flight: conflicting actions stay disabled. */
  taskIsRunning: boolean;
}

const readBoolean = (key: string, fallback: boolean): boolean => {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw === null || raw === undefined ? fallback : raw === 'true';
  } catch {
    return fallback;
  }
};

const writeBoolean = (key: string, value: boolean) => {
  try {
    globalThis.localStorage?.setItem(key, String(value));
  } catch {
    // storage can be disabled; the choice then lasts for this visit only
  }
};

export const appState = proxy<AppState>({
  darkmode: readBoolean(STORAGE_KEYS.darkmode, false),
  drawer: readBoolean(STORAGE_KEYS.drawer, true),
  snackbar: { message: '', color: 'info', show: false },
  item: null,
  fetchRequired: false,
  taskIsRunning: false,
});

let persisted = { darkmode: appState.darkmode, drawer: appState.drawer };
subscribe(appState, () => {
  if (appState.darkmode !== persisted.darkmode) {
    writeBoolean(STORAGE_KEYS.darkmode, appState.darkmode);
    setThemeMode(appState.darkmode ? 'dark' : 'light');
  }
  if (appState.drawer !== persisted.drawer) writeBoolean(STORAGE_KEYS.drawer, appState.drawer);
  persisted = { darkmode: appState.darkmode, drawer: appState.drawer };
});

export const toggleDarkmode = () => {
  appState.darkmode = !appState.darkmode;
};
export const setDrawer = (open: boolean) => {
  appState.drawer = open;
};
