import { SIDEBAR } from '@penman/contract';
import { useSyncExternalStore } from 'react';

const query = `(max-width: ${SIDEBAR.mobileBreakpointPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(query);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True below the mobile breakpoint (768 px), where the sidebar becomes an overlay. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
