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

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Sonner's toast store is module-wide: a toast left open would show in the next test's Toaster.
  toast.dismiss();
});
