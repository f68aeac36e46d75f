import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * False in the first render, true in a second one, started right after the first has been
 * committed (as a transition, so it is rendered in slices): for a part of a page that comes
 * in a step of its own (decisions 0415, 0832).
 */
export function useAfterFirstStep(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown;
}

/**
 * Renders its children in a second step, right after the part above them has been put on
 * screen: two shorter tasks instead of one long one on a slow phone, and the first content
 * is painted sooner (decision 0415). Only for the lower part of a page: the content above
 * does not move when it arrives.
 */
export function RenderAfterFirstStep({ children }: { children: ReactNode }) {
  return useAfterFirstStep() ? children : null;
}
