import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { catalogueReady } from '../i18n/catalogue-ready';
import type { CataloguePart } from '../i18n/i18n-provider';

/** What a page module looks like to `lazyPage`: it exports the page under some name. */
type PageModule<P> = Record<string, ComponentType<P>>;

/** The spinner a page shows while its chunk loads (labelled for screen readers). */
function PageLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label="Seite wird geladen" />
    </Box>
  );
}

/**
 * A page that is fetched as its own chunk the first time it renders (code-split per route), with a
 * spinner meanwhile. Use for every page that the login page does not need, so the first load
 * stays small. It renders once the whole catalogue translates (`catalogueReady`, fetched beside its
 * chunk); only the first page's parts (the layout, the dashboard) pass `{ firstPage: true }`: they
 * show with the first page's slice of the catalogue (`PORTAL_FIRST_PAGE`), and a resource list
 * `{ texts: 'list' }`: it waits for the list's slice only (`PORTAL_LIST_PAGE`), and a page that
 * opens on a form `{ texts: 'account' }` or `'onboarding'`: its own slice (`PORTAL_FORM_PAGES`).
 *
 * @example const Dashboard = lazyPage(() => import('./pages/Dashboard'), 'Dashboard', { firstPage: true });
 */
export function lazyPage<P extends object>(
  load: () => Promise<PageModule<P>>,
  name: string,
  { firstPage = false, texts = 'all' }: { firstPage?: boolean; texts?: CataloguePart } = {},
): (props: P) => ReactElement {
  const Lazy = lazy(async () => {
    const [module] = await Promise.all([load(), firstPage ? undefined : catalogueReady(texts)]);
    const Page = module[name];
    if (!Page) throw new Error(`the page module exports no ${name}`);
    return { default: Page };
  });
  const Page = Lazy as unknown as ComponentType<Record<string, unknown>>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module level, never in render
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page {...(props as Record<string, unknown>)} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
