import { Navigate } from 'react-router-dom';

/** Any unknown path leads to the dashboard (spec). */
export function RedirectHome() {
  return <Navigate to="/" replace />;
}
