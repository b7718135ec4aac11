import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach } from 'vitest';

// Pages are lazy chunks: on a loaded 2-core CI machine their first import can take over a second.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => {};

// jsdom has no media queries; Embla (the carousels) asks for its options' breakpoints.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) satisfies MediaQueryList;

// jsdom has <dialog> but not its methods; enough of them for modals to open, close and say so.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  if (!this.open) return;
  this.open = false;
  this.dispatchEvent(new Event('close'));
};

// better-auth's session store stops a second after its last subscriber left (nanostores), which
// may be after this file's jsdom window has closed: its broadcast channel's cleanup then called
// `removeEventListener` on the closed window, an unhandled error that failed a CI run. The same
// channel (better-auth/dist/client/broadcast-channel.mjs), made first, with a cleanup that checks.
type Listener = (message: unknown) => void;
const channelKey = Symbol.for('better-auth:broadcast-channel');
(globalThis as Record<symbol, unknown>)[channelKey] ??= {
  listeners: new Set<Listener>(),
  name: 'better-auth.message',
  subscribe(this: { listeners: Set<Listener> }, listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  },
  post(this: { name: string }, message: object) {
    try {
      localStorage.setItem(
        this.name,
        JSON.stringify({ ...message, timestamp: Math.floor(Date.now() / 1000) }),
      );
    } catch {}
  },
  setup(this: { name: string; listeners: Set<Listener> }) {
    const target = window;
    const handler = (event: StorageEvent) => {
      if (event.key !== this.name) return;
      const message = JSON.parse(event.newValue ?? '{}');
      if (message?.event !== 'session' || !message?.data) return;
      for (const listener of this.listeners) listener(message);
    };
    target.addEventListener('storage', handler);
    return () => {
      if (typeof target.removeEventListener === 'function')
        target.removeEventListener('storage', handler);
    };
  },
};

// Its online manager (better-auth/dist/client/online-manager.mjs) has the same late cleanup: a
// stop after this file's window closed called `removeEventListener` on it, an unhandled error
// that failed the CI run of 9cef9a0 (add-product-form.test.tsx) with every test passing.
type OnlineListener = (online: boolean) => void;
const onlineKey = Symbol.for('better-auth:online-manager');
(globalThis as Record<symbol, unknown>)[onlineKey] ??= {
  listeners: new Set<OnlineListener>(),
  isOnline: true,
  subscribe(this: { listeners: Set<OnlineListener> }, listener: OnlineListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  },
  setOnline(this: { isOnline: boolean; listeners: Set<OnlineListener> }, online: boolean) {
    this.isOnline = online;
    for (const listener of this.listeners) listener(online);
  },
  setup(this: { setOnline(online: boolean): void }) {
    const target = window;
    if (typeof target?.addEventListener !== 'function') return () => {};
    const onOnline = () => this.setOnline(true);
    const onOffline = () => this.setOnline(false);
    target.addEventListener('online', onOnline, false);
    target.addEventListener('offline', onOffline, false);
    return () => {
      if (typeof target.removeEventListener !== 'function') return;
      target.removeEventListener('online', onOnline, false);
      target.removeEventListener('offline', onOffline, false);
    };
  },
};

// And its focus manager (focus-manager.mjs), on `document`.
type FocusListener = (focused: boolean) => void;
const focusKey = Symbol.for('better-auth:focus-manager');
(globalThis as Record<symbol, unknown>)[focusKey] ??= {
  listeners: new Set<FocusListener>(),
  subscribe(this: { listeners: Set<FocusListener> }, listener: FocusListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  },
  setFocused(this: { listeners: Set<FocusListener> }, focused: boolean) {
    for (const listener of this.listeners) listener(focused);
  },
  setup(this: { setFocused(focused: boolean): void }) {
    const target = document;
    if (typeof target?.addEventListener !== 'function') return () => {};
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.setFocused(true);
    };
    target.addEventListener('visibilitychange', onVisible, false);
    return () => {
      if (typeof target.removeEventListener === 'function')
        target.removeEventListener('visibilitychange', onVisible, false);
    };
  },
};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Sonner's toast store is module-wide: a toast left open would show in the next test's Toaster.
  toast.dismiss();
});
