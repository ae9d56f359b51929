import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startLiveEvents } from '../data/live-events';

/**
 * The tab's live event stream while the logged-in layout is shown (issue 31): opened with the
 * layout, closed when it goes (logout leads to the login page, which has no layout).
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => startLiveEvents(queryClient), [queryClient]);
  return null;
}
