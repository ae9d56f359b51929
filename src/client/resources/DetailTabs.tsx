import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ResourceConfig } from '../../shared/config-types';
import { usePermissionCheck } from '../auth/use-permission-check';
import { useAdminView } from '../layout/admin-view';
import { getByPath } from '../widgets/field-value';
import { DetailFieldList } from './DetailFieldList';
import { DetailTable } from './DetailTable';
import { DetailWidgetTab } from './DetailWidgetTab';
import { itemPath } from './resource-route';

/** The detail tabs; the active one is the `tab` query parameter (first permitted tab by default). */
export function DetailTabs({
  config,
  record,
  selectedSubId,
}: {
  config: ResourceConfig;
  record: Record<string, unknown>;
  selectedSubId?: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const allowed = usePermissionCheck();
  const [adminView] = useAdminView();
  const tabs = config.detail.tabs.filter((tab) => allowed(tab.permission) && (!tab.adminView || adminView));
  if (tabs.length === 0) return null;

  const params = new URLSearchParams(location.search);
  const active = tabs.find((tab) => tab.key === params.get('tab')) ?? tabs[0];
  const select = (key: string) => {
    if (key === active.key) return;
    params.set('tab', key);
    navigate({ pathname: location.pathname, search: `?${params.toString()}` }, { replace: true });
  };
  const id = (key: string) => `${config.name}-tab-${key}`;

  return (
    <Box sx={{ mt: 3 }}>
      <Tabs
        value={active.key}
        onChange={(_, key: string) => select(key)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={translate(config.label)}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            value={tab.key}
            label={translate(tab.label)}
            id={id(tab.key)}
            aria-controls={`${id(tab.key)}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id(active.key)}-panel`} aria-labelledby={id(active.key)} sx={{ pt: 2 }}>
        <DetailFieldList
          record={record}
          fields={active.fields.filter((field) => allowed(field.permission))}
        />
        {active.table ? (
          <DetailTable
            rows={getByPath(record, active.table.value)}
            columns={active.table.columns.filter((column) => allowed(column.permission))}
            selectedId={selectedSubId}
            label={translate(active.label)}
            link={active.table.link}
            entryPath={
              config.detail.sub?.list === active.table.value
                ? (item) => `${itemPath(config, `${String(record.id)},${String(item.id)}`, 'sub')}${location.search}`
                : undefined
            }
          />
        ) : null}
        {active.widget ? (
          <DetailWidgetTab name={active.widget} record={record} resource={config.name} />
        ) : null}
      </Box>
    </Box>
  );
}
