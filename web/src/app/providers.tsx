import { TOAST_DURATION_MS } from '@proper-parts/domain/constants';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';

// Toasts follow a user's action, never the first paint: sonner loads after the entry chunk.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/**
 * `client`: the app's one query client, made outside React by main.tsx. A render React throws
 * away and starts again (a transition, a suspended first mount) would otherwise make a second
 * one, and the first HTML's answers, each taken once, would be lost to the first.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
      </Suspense>
    </QueryClientProvider>
  );
}
