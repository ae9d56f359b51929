/** The German catalogue's parts that the login entry needs (vite.config.ts, CATALOGUE_SLICES). */
declare module 'virtual:kontor-login-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

/** The parts the "Passwort vergessen?" dialog of the login entry needs (vite.config.ts, CATALOGUE_SLICES). */
declare module 'virtual:kontor-password-reset-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
