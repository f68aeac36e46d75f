import { type ComponentProps, type ComponentType, startTransition, useEffect, useState } from 'react';
import { PageLoader } from '../components/page-loader';

/** A code-split page that can be fetched ahead (`preload`). */
export type LazyPage<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  preload: () => Promise<C>;
};

/**
 * A code-split page: the customer lounge never downloads the back office. Until its code is
 * there it shows the loading state; a page whose code has already arrived (`preload`, an
 * earlier visit) renders at once.
 *
 * Not `React.lazy`: a lazy component suspends, and React shows the content of a Suspense
 * boundary that has shown its fallback no sooner than 300 ms after that fallback appeared.
 * The lounge, whose code and data were in while its session was being checked, waited that
 * long for nothing (decision 0415). Here the loaded page is a plain state update.
 */
export function lazyPage<T extends Record<string, ComponentType<any>>, K extends keyof T>(
  load: () => Promise<T>,
  name: K,
): LazyPage<T[K]> {
  let loaded: T[K] | undefined;
  let loading: Promise<T[K]> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => (loaded = module[name]),
      (error: unknown) => {
        // A failed download (a new release, the network) may succeed on the next try.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  function Page(props: ComponentProps<T[K]>) {
    const [state, setState] = useState<{ component?: ComponentType<any>; error?: unknown }>(() => ({
      component: loaded,
    }));
    useEffect(() => {
      if (state.component || state.error) return;
      let active = true;
      preload().then(
        // As a transition, like the first render: the page renders in slices (decision 0411).
        (component) => active && startTransition(() => setState({ component })),
        (error: unknown) => active && setState({ error }),
      );
      return () => {
        active = false;
      };
    }, [state]);
    // The route's error page explains a page whose code could not be loaded.
    if (state.error) throw state.error;
    const Component = state.component;
    return Component ? <Component {...props} /> : <PageLoader />;
  }
  return Object.assign(Page, { preload });
}
