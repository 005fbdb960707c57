import { type RefCallback, useCallback, useState } from 'react';

/** How far below the screen a chart starts loading, so it is usually drawn by the time it scrolls in. */
const AHEAD = '300px 0px';

/**
 * Whether the element has come near the screen yet (and stays true from then on). The
 * dashboards' charts ask for their figures, and download recharts, only then: the
 * dashboard's own request and first draw (decision 017) have nothing competing with them.
 */
export function useSeen<T extends HTMLElement>(): { ref: RefCallback<T>; seen: boolean } {
  const [seen, setSeen] = useState(false);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || seen) return;
      if (typeof IntersectionObserver === 'undefined') {
        setSeen(true);
        return;
      }
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setSeen(true);
          observer.disconnect();
        },
        { rootMargin: AHEAD },
      );
      observer.observe(element);
      return () => observer.disconnect();
    },
    [seen],
  );
  return { ref, seen };
}

/**
 * A dashboard's charts wait for its own answer: `ready` is false while the dashboard's
 * request runs, so its figures never share the database with the charts' (on the
 * embedded database, statements run one at a time).
 */
export interface ChartReadiness {
  ready: boolean;
}
