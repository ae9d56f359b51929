import { Box, Card, CardContent, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePermissionCheck } from '../../auth/use-permission-check';

export interface PageTab {
  key: string;
  /** i18n key of the tab title */
  label: string;
  /** permission path that must be on for the tab to show */
  permission?: string;
  render: () => ReactNode;
}

/**
 * The tabs of a hand-written page (master data, settings): only permitted tabs show; the active
 * one is the `tab` query parameter (first permitted tab by default), as in the generic details.
 */
export function PageTabs({ id, label, tabs }: { id: string; label: string; tabs: PageTab[] }) {
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = usePermissionCheck();
  const visible = tabs.filter((tab) => allowed(tab.permission));
  if (visible.length === 0) return null;

  const params = new URLSearchParams(location.search);
  const active = visible.find((tab) => tab.key === params.get('tab')) ?? visible[0];
  const select = (key: string) => {
    if (key === active.key) return;
    const next = new URLSearchParams();
    next.set('tab', key);
    navigate({ pathname: location.pathname, search: `?${next.toString()}` }, { replace: true });
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  return (
    <Card>
      <Tabs
        value={active.key}
        onChange={(_, key: string) => select(key)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={label}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {visible.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={translate(tab.label)}
            id={tabId(tab.key)}
            aria-controls={`${tabId(tab.key)}-panel`}
          />
        ))}
      </Tabs>
      <CardContent>
        <Box role="tabpanel" id={`${tabId(active.key)}-panel`} aria-labelledby={tabId(active.key)}>
          {active.render()}
        </Box>
      </CardContent>
    </Card>
  );
}
