import { useTranslate } from 'ra-core';
import { PageHeader } from '../layout/PageHeader';
import { navEntry } from '../layout/navigation';
import { PageTabs } from './common/PageTabs';
import { CompanyUsersTab } from './settings/CompanyUsersTab';
import { EmailNotificationsTab } from './settings/EmailNotificationsTab';
import { GeneralTab } from './settings/GeneralTab';

const TABS = 'permissions.settings.children.tabs.children';

/**
 * Settings (document 1 §2): general defaults, e-mail notifications per address and the company
 * users, each tab shown with its settings.tabs.* permission.
 */
export function SettingsPage() {
  const translate = useTranslate();
  const title = translate(navEntry('settings').label);
  return (
    <>
      <PageHeader title={title} />
      <PageTabs
        id="settings"
        label={title}
        tabs={[
          {
            key: 'general',
            label: `${TABS}.general.label`,
            permission: 'settings.tabs.general',
            render: () => <GeneralTab />,
          },
          {
            key: 'emailNotifications',
            label: `${TABS}.emailNotifications.label`,
            permission: 'settings.tabs.emailNotifications',
            render: () => <EmailNotificationsTab />,
          },
          {
            key: 'companyUsers',
            label: `${TABS}.companyUsers.label`,
            permission: 'settings.tabs.companyUsers',
            render: () => <CompanyUsersTab />,
          },
        ]}
      />
    </>
  );
}
