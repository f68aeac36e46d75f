import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children one after another: the first at once, each next one in a render of
 * its own, started once the one before it has been committed (decision 0832). React slices
 * a transition's render, but putting a part into the page and laying it out are one task
 * each: a long part of a page in several steps is several short tasks instead of one long
 * one. Only for content below the first screen: each child appears under the one before it,
 * so nothing above it moves.
 */
export function RenderInSteps({ children }: { children: ReactNode }) {
  const steps = Children.toArray(children);
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < steps.length) startTransition(() => setShown(shown + 1));
  }, [shown, steps.length]);
  return steps.slice(0, shown);
}
