"use client";

import { type ComponentType, lazy, type ReactNode, Suspense, useRef, useSyncExternalStore } from "react";

/**
 * Renders a dialog only from the first time it opens. With the dialog made by `lazyComponent`, its
 * code loads then, so it is not part of the page's first-load JS (issue 13: ≤ 150 kB gzip per
 * page). Once opened it stays mounted, so closing it still returns focus to the control that
 * opened it.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const opened = useRef(false);
  if (open) opened.current = true;
  return opened.current ? children : null;
}

/**
 * A component whose code is fetched the first time it renders (React's `lazy`; nothing while it
 * loads). Used with `OnceOpened` for dialogs and panels. React's own `lazy` rather than
 * `next/dynamic`: the latter adds its loader (~1 kB gzip) to every page that uses it.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module load, never during a render.
  return function Loaded(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

const never = () => () => {};

/**
 * `lazyComponent` rendered in the browser only, after hydration (what `next/dynamic` with
 * `ssr: false` does, without its loader): for parts the server cannot or need not render.
 */
export function lazyClientComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Lazy = lazyComponent(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per component, at module load, never during a render.
  return function ClientOnly(props: P) {
    const inBrowser = useSyncExternalStore(
      never,
      () => true,
      () => false,
    );
    return inBrowser ? <Lazy {...props} /> : null;
  };
}

/**
 * A part of a page that the server renders and the browser hydrates from its own chunk
 * (docs/decisions/1101). The chunk is requested as soon as the page's own code runs, in parallel
 * with hydration, not when React reaches the part: React does not replay a click on a part still
 * waiting for its code, so that wait is kept as short as the network allows.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  if (typeof window !== "undefined") void once().catch(() => {});
  return lazyComponent(once);
}
