/** The German catalogue's parts the shell around every page needs (vite.config.ts, CATALOGUE_SLICES). */
declare module 'virtual:kontor-shell-catalogue' {
  type De = typeof import('../../../generated/i18n/de.json');
  const catalogue: {
    selfservice: Pick<De['selfservice'], 'session' | 'loader'>;
    messages: Pick<De['messages'], 'cookies' | 'failurePage'>;
  };
  export default catalogue;
}
