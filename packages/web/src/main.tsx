import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmUpLounge } from './app/lounge-warm-up';
import { queryClient } from './app/providers';

warmUpLounge(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
