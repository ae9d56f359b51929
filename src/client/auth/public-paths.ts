/**
 * The pages a visitor reaches without a session (App.tsx's layout-free public routes): the
 * onboarding, the links of the set-password and reset-password mails, the product owners'
 * comparison. A session's checks (react-admin's permission query, a 401's redirect to the login)
 * must not run there: a visitor has no session to lose, and the redirect took the password form
 * away while it was being filled (issue 28).
 *
 * @example isPublicPath('/set-password/abc') // true
 * @example isPublicPath('/login/7/reset-password/0f3c') // true
 * @example isPublicPath('/vouchers') // false
 */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((pattern) => pattern.test(pathname));
}

const PUBLIC_PATHS: readonly RegExp[] = [
  /^\/onboarding(\/|$)/,
  /^\/set-password\/[^/]+\/?$/,
  /^\/login\/[^/]+\/reset-password\/[^/]+\/?$/,
  /^\/dev\/variant-comparison\/?$/,
];
