import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Whether the page is scrolled further down than the marker the returned ref is put on
 * (an empty element placed where the answer should flip, e.g. 20 px below the top). An IntersectionObserver
 * watches the marker, so neither the first render nor scrolling reads the scroll position
 * (which forces a layout) and the caller re-renders only when the answer flips, not on
 * every scroll event (decision 0412).
 */
export function useScrolledPast<T extends Element>(): [RefObject<T | null>, boolean] {
  const marker = useRef<T>(null);
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = marker.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setPast(!entry.isIntersecting && entry.boundingClientRect.top < 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [marker, past];
}
