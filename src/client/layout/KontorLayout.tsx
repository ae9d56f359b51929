import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { ContactBar } from './ContactBar';
import { PreviewBanner } from './PreviewBanner';
import { EntryCheckGuard } from './EntryCheckGuard';
import { KontorAppBar } from './KontorAppBar';
import { KontorMenu } from './KontorMenu';
import { KontorSidebar } from './KontorSidebar';
import { LiveUpdates } from './LiveUpdates';
import { QueryFlagDialogs } from './QueryFlagDialogs';
import { SelfServiceOverlays } from './SelfServiceOverlays';

/** react-admin's layout with the Kontor chrome: app bar, sidebar, contact bar and entry checks. */
export function KontorLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={KontorAppBar} menu={KontorMenu} sidebar={KontorSidebar}>
      <EntryCheckGuard />
      <PreviewBanner />
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          minHeight: 'calc(100vh - 64px)',
          px: { xs: 1, sm: 3 },
        }}
      >
        <Box sx={{ flex: 1 }}>{children}</Box>
        <ContactBar />
      </Box>
      <QueryFlagDialogs />
      <SelfServiceOverlays />
      <LiveUpdates />
    </Layout>
  );
}
