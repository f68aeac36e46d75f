import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { requestLoungeData } from './app/lounge-data-request';
import { warmUpLounge } from './app/lounge-warm-up';
import { queryClient } from './app/providers';
import { startSessionCheck } from './app/session-check';

// A returning visitor's session check and (on the lounge) its data go out before React
// starts. On the lounge the early requests' script has sent both already: these calls find
// them and send nothing (decision 0415).
startSessionCheck();
requestLoungeData();
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
