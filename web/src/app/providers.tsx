import { TOAST_DURATION_MS } from '@proper-parts/domain/constants';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
    </QueryClientProvider>
  );
}
