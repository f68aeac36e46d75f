import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * The lower part of a long page: rendered once the browser is idle after the first paint
 * (at the latest after two seconds), or at once when it comes within a screen's height of
 * the viewport. The first screen paints without waiting for it, and its requests go out
 * after those of the first screen (decision 0412). Until then an empty box of `minHeight`
 * keeps the page about as long as it will be.
 */
export function RenderWhenIdle({
  children,
  minHeight,
  prefetch,
}: {
  children: ReactNode;
  minHeight: number;
  /**
   * Loads the part's data first when it is rendered for idleness (decision 0413): it then
   * renders once, with its data, in slices, instead of a second time in one piece when the
   * data arrives (an update of the query cache is never sliced). Coming into view shows it
   * at once, with its loading states.
   */
  prefetch?: () => Promise<unknown>;
}) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  const prefetchRef = useRef(prefetch);

  useEffect(() => {
    if (shown) return;
    let active = true;
    const show = () => active && startTransition(() => setShown(true));
    const showWhenLoaded = () => {
      const loading = prefetchRef.current?.();
      if (loading) loading.finally(show);
      else show();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '100% 0px',
    });
    if (placeholder.current) observer.observe(placeholder.current);
    // Safari has no requestIdleCallback: a short timer instead.
    const idle =
      typeof requestIdleCallback === 'function' ? requestIdleCallback(showWhenLoaded, { timeout: 2000 }) : null;
    const timer = idle === null ? setTimeout(showWhenLoaded, 300) : undefined;
    return () => {
      active = false;
      observer.disconnect();
      if (idle !== null) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [shown]);

  return shown ? children : <div ref={placeholder} style={{ minHeight }} data-testid="render-when-idle" />;
}
