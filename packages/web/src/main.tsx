// First: a returning visitor's session check and (on the lounge) its data go out before React
// starts. The lounge's page has already loaded this module on its own (decision 0415).
import './app/early-requests';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmUpLounge } from './app/lounge-warm-up';
import { queryClient } from './app/providers';

// The lounge's code, and its data for the query cache.
warmUpLounge(queryClient);

// The first render runs as a transition: React renders in slices of a few milliseconds and
// lets the browser breathe in between, instead of one long task that blocks input on a
// slow phone (decision 0411).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
