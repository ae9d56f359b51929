import { useTranslate } from 'ra-core';
import { PageHeader } from '../layout/PageHeader';
import { navEntry } from '../layout/navigation';
import { PageTabs } from './common/PageTabs';
import { AboutMeTab } from './master-data/AboutMeTab';
import { ContractTab } from './master-data/ContractTab';
import { CreditorVouchersTab } from './master-data/CreditorVouchersTab';
import { ExtensionsTab } from './master-data/ExtensionsTab';

const TABS = 'permissions.masterData.children.tabs.children';

/**
 * Master data (document 1 §2): about me, my contract (conditions, minimum-fee period), extensions
 * (printer driver, letter to post, web app key) and the creditor vouchers (statements). Each tab
 * shows only with its masterData.tabs.* permission.
 */
export function MasterDataPage() {
  const translate = useTranslate();
  const title = translate(navEntry('masterData').label);
  return (
    <>
      <PageHeader title={title} />
      <PageTabs
        id="master-data"
        label={title}
        tabs={[
          {
            key: 'aboutMe',
            label: `${TABS}.aboutMe.label`,
            permission: 'masterData.tabs.aboutMe',
            render: () => <AboutMeTab />,
          },
          {
            key: 'contract',
            label: `${TABS}.contract.label`,
            permission: 'masterData.tabs.contract',
            render: () => <ContractTab />,
          },
          {
            key: 'extensions',
            label: `${TABS}.extensions.label`,
            permission: 'masterData.tabs.extensions',
            render: () => <ExtensionsTab />,
          },
          {
            key: 'creditorVouchers',
            label: `${TABS}.creditorVouchers.label`,
            permission: 'masterData.tabs.creditorVouchers',
            render: () => <CreditorVouchersTab />,
          },
        ]}
      />
    </>
  );
}
