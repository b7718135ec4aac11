import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToasterHost } from '../components/toaster';
import { CatalogFollowsSession } from '../features/catalog/catalog-follows-session';
import { createQueryClient } from '../lib/query-client';

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
      <CatalogFollowsSession />
      <ToasterHost />
    </QueryClientProvider>
  );
}
