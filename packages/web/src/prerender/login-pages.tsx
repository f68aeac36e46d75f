// Build-time only (vite build --ssr): the HTML of the two login pages, written into the
// built index.html so the first paint needs no script (decision 0411). The browser app
// then renders the same page over it.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { SessionProvider } from '../app/session-context';
import { theme } from '../app/theme';
import { AdminLoginPage } from '../features/auth/admin-login-page';
import { CustomerLoginPage } from '../features/auth/customer-login-page';

function render(path: string, page: ReactNode) {
  return renderToString(
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <SessionProvider>{page}</SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The served file name of each pre-rendered route and its markup (signed-out state). */
export function renderLoginPages(): Record<string, { route: string; html: string }> {
  return {
    'login.html': { route: '/', html: render('/', <CustomerLoginPage />) },
    'admin-login.html': { route: '/admin/login', html: render('/admin/login', <AdminLoginPage />) },
  };
}
