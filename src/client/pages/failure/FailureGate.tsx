import { type ReactNode, useEffect } from 'react';
import { FailurePage } from './FailurePage';
import { failureOf, showFailure, useFailure } from './failure-state';

/**
 * Asks the health check once when the portal starts and shows the failure page instead of the
 * portal when it (or any later API call, see `apiFetch`) answers 406 or a maintenance 503.
 */
export function FailureGate({ children }: { children: ReactNode }) {
  const failure = useFailure();
  useEffect(() => {
    fetch('/api/healthy', { cache: 'no-store' })
      .then(async (response) => showFailure(failureOf(response.status, await response.json().catch(() => null), true)))
      .catch(() => {
        // unreachable: the portal's own calls will say so
      });
  }, []);
  return failure ? <FailurePage kind={failure} /> : children;
}
