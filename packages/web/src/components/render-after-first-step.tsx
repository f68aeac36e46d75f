import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children in a second step, right after the part above them has been put on
 * screen: two shorter tasks instead of one long one on a slow phone, and the first content
 * is painted sooner (decision 0415). Only for the lower part of a page: the content above
 * does not move when it arrives.
 */
export function RenderAfterFirstStep({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown ? children : null;
}
