/** The German catalogue's parts that the login entry needs (vite.config.ts, loginCatalogue). */
declare module 'virtual:kontor-login-catalogue' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
