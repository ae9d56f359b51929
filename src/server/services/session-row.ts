import type { EntryCheckState } from './entry-checks';

/** What the session check reads of the user (app_user), by itself or along with a route's statement. */
export interface SessionRow extends EntryCheckState {
  status: string;
  sessionVersion: number;
  roles: string[];
}
