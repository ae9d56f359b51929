/** Password of every demo login (README lists the logins). */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoUser {
  username: string;
  name: string;
  roles: string[];
}

export interface DemoCreditor {
  /** key the seed uses to attach users and debtors */
  key: string;
  identifier: string;
  name: string;
  tradeName: string;
  product: string;
  sapNumber: string;
  approvedLimit: number;
  city: string;
  zip: string;
  street: string;
  house: string;
  /** debtors generated for this creditor in the demo size */
  debtorCount: number;
  /** prefix of generated identifiers, unique per creditor */
  prefix: string;
  users: DemoUser[];
}

// Portal staff; permissions of admins are taken from the generated admin permission table.
export const DEMO_ADMINS: DemoUser[] = [
  { username: 'superadmin@example.com', name: 'Sabine Super', roles: ['ROLE_SUPER_ADMIN'] },
  { username: 'admin@example.com', name: 'Anton Admin', roles: ['ROLE_ADMIN'] },
  { username: 'productadmin@example.com', name: 'Paula Produkt', roles: ['ROLE_PRODUCT_ADMIN'] },
];

export const DEMO_CREDITORS: DemoCreditor[] = [
  {
    key: 'main',
    identifier: 'K-100001',
    name: 'Müller Haustechnik GmbH',
    tradeName: 'Müller Haustechnik',
    product: 'SMAFA',
    sapNumber: '1000001',
    approvedLimit: 15_000_000,
    city: 'Köln',
    zip: '50667',
    street: 'Hohe Straße',
    house: '12',
    debtorCount: 40,
    prefix: 'S',
    users: [
      { username: 'creditor@example.com', name: 'Martin Müller', roles: ['ROLE_CREDITOR'] },
      { username: 'observer@example.com', name: 'Olga Observer', roles: ['ROLE_CREDITOR-OBSERVER'] },
      { username: 'assistant@example.com', name: 'Anna Assistenz', roles: ['ROLE_CREDITOR-ASSISTANT'] },
      { username: 'management@example.com', name: 'Manfred Management', roles: ['ROLE_CREDITOR-MANAGEMENT'] },
    ],
  },
  {
    // a second tenant: its debtors must never show up for the first creditor's users (and vice versa)
    key: 'second',
    identifier: 'K-100002',
    name: 'Schneider Gartenbau e.K.',
    tradeName: 'Schneider Gartenbau',
    product: 'SMAFA',
    sapNumber: '1000002',
    approvedLimit: 5_000_000,
    city: 'Leipzig',
    zip: '04109',
    street: 'Grimmaische Straße',
    house: '3',
    debtorCount: 5,
    prefix: 'T',
    users: [{ username: 'creditor2@example.com', name: 'Sven Schneider', roles: ['ROLE_CREDITOR'] }],
  },
];
