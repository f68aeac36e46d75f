import './mantine-styles';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { AfterFirstScreen } from './after-first-screen';
import { createQueryClient } from './query-client';
import './global.css';
import { theme } from './theme';

export const queryClient = createQueryClient();

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
