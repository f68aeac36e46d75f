import { type ReactNode, startTransition, useEffect, useRef, useState } from 'react';

/**
 * The lower part of a long page: rendered once the browser is idle after the first paint
 * (at the latest after two seconds), or at once when it comes within a screen's height of
 * the viewport. The first screen paints without waiting for it, and its requests go out
 * after those of the first screen (decision 0412). Until then an empty box of `minHeight`
 * keeps the page about as long as it will be.
 */
export function RenderWhenIdle({ children, minHeight }: { children: ReactNode; minHeight: number }) {
  const [shown, setShown] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '100% 0px',
    });
    if (placeholder.current) observer.observe(placeholder.current);
    // Safari has no requestIdleCallback: a short timer instead.
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(show, { timeout: 2000 }) : null;
    const timer = idle === null ? setTimeout(show, 300) : undefined;
    return () => {
      observer.disconnect();
      if (idle !== null) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [shown]);

  return shown ? children : <div ref={placeholder} style={{ minHeight }} />;
}
