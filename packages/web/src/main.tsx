import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { warmUpLounge } from './app/lounge-warm-up';
import { queryClient } from './app/providers';
import { startSessionCheck } from './app/session-check';

// A returning visitor's session check and (on the lounge) its data go out before React starts.
startSessionCheck();
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
