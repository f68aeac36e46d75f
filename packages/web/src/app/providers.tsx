import './mantine-styles';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { ApiError } from '../lib/api-client';
import { AfterFirstScreen } from './after-first-screen';
import './global.css';
import { theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Never retry what the server refused on purpose (4xx); retry network trouble once.
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

const ToastHost = lazy(async () => ({ default: (await import('./toast-host')).ToastHost }));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AfterFirstScreen>
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        </AfterFirstScreen>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
