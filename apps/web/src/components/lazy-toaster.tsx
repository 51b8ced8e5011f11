import { TOAST_MS } from '@penman/contract';
import { lazy, Suspense, useEffect, useState } from 'react';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
const LOAD_ANYWAY_AFTER_MS = 4000;

/**
 * The toast area, loaded on the visitor's first interaction (or a few seconds after the page
 * opens), so no page waits for it while it renders. A toast raised before it mounts is shown
 * when it does: sonner replays the active ones.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return;
    const load = () => setReady(true);
    const timer = setTimeout(load, LOAD_ANYWAY_AFTER_MS);
    for (const type of FIRST_INPUT_EVENTS) window.addEventListener(type, load, { once: true, passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of FIRST_INPUT_EVENTS) window.removeEventListener(type, load, { capture: true });
    };
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" duration={TOAST_MS.default} closeButton />
    </Suspense>
  );
}
