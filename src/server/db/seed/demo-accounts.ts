/** Password of every demo login (README lists the logins). */
export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoUser {
  username: string;
  name: string;
  roles: string[];
  /** user status (default active) */
  status?: string;
  /** terms accepted (default true); false leaves an open terms approval for the main user */
  optIn?: boolean;
  passwordUpdateRequired?: boolean;
  askForContactInformationChanges?: boolean;
  /** product of an admin (product admins are created per product; default SMAFA) */
  product?: string;
  /** granted admin permissions; default all of schema/permissions.yaml */
  adminPermissions?: string[];
  /**
   * the user's stored permission tree (default none); a main user's `creditorPermissions` are the
   * creditor permissions an admin set (document 2 §6)
   */
  permissions?: Record<string, unknown>;
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
  /** creditor status (default active) */
  status?: string;
  users: DemoUser[];
}

// Portal staff; permissions of admins are taken from the generated admin permission table.
export const DEMO_ADMINS: DemoUser[] = [
  { username: 'superadmin@example.com', name: 'Sabine Super', roles: ['ROLE_SUPER_ADMIN'] },
  { username: 'admin@example.com', name: 'Anton Admin', roles: ['ROLE_ADMIN'] },
  { username: 'productadmin@example.com', name: 'Paula Produkt', roles: ['ROLE_PRODUCT_ADMIN'] },
];

type Place = [city: string, zip: string, street: string, house: string];
let nextSapNumber = 1_000_003;
const billing = new Set(['APL', 'DAA', 'DAB', 'FAS', 'VHV']);

// Company users of the variant creditors show every user status and role in the admin user list.
function variantCreditor(
  key: string,
  product: string,
  prefix: string,
  name: string,
  userName: string,
  place: Place,
): DemoCreditor {
  const [city, zip, street, house] = place;
  return {
    key,
    identifier: `K-${nextSapNumber - 900_000}`,
    name,
    tradeName: name.replace(/ (GmbH.*|OHG|e\.K\.|UG.*)$/, ''),
    product,
    sapNumber: String(nextSapNumber++),
    approvedLimit: billing.has(product) ? 0 : 8_000_000,
    city,
    zip,
    street,
    house,
    debtorCount: 12,
    prefix,
    users: [
      { username: `creditor-${key}@example.com`, name: userName, roles: ['ROLE_CREDITOR'] },
      {
        username: `management-${key}@example.com`,
        name: `Geschäftsführung ${product}`,
        roles: ['ROLE_CREDITOR-MANAGEMENT'],
        status: key === 'fw' ? 'password_reset_requested' : 'active',
      },
      {
        username: `assistant-${key}@example.com`,
        name: `Assistenz ${product}`,
        roles: ['ROLE_CREDITOR-ASSISTANT'],
        status: key === 'apl' ? 'new' : key === 'daa' ? 'blocked' : 'active',
      },
      {
        username: `observer-${key}@example.com`,
        name: `Steuerberatung ${product}`,
        roles: ['ROLE_CREDITOR-OBSERVER'],
        status: key === 'dab' ? 'terminated' : key === 'fas' ? 'password_reset' : 'active',
      },
    ],
  };
}

function entryCheckCreditor(
  key: string,
  prefix: string,
  name: string,
  user: Omit<DemoUser, 'roles'>,
  place: Place,
  status = 'active',
): DemoCreditor {
  const [city, zip, street, house] = place;
  return {
    key,
    identifier: `K-${nextSapNumber - 900_000}`,
    name,
    tradeName: name.replace(/ GmbH$/, ''),
    product: 'SMAFA',
    sapNumber: String(nextSapNumber++),
    approvedLimit: 3_000_000,
    city,
    zip,
    street,
    house,
    debtorCount: 6,
    prefix,
    status,
    users: [{ ...user, roles: ['ROLE_CREDITOR'] }],
  };
}

export const DEMO_CREDITORS: DemoCreditor[] = [
  {
    key: 'main',
    identifier: 'K-100001',
    name: 'Müller Haustechnik GmbH',
    tradeName: 'Müller Haustechnik',
    product: 'SMAFA',
    sapNumber: '1000001',
    // above the open purchased invoices of its seeded debtors (~161.000 €), so an upload can still be
    // purchased in the demo (issue 8: the demo e-invoice ends as an open purchased voucher)
    approvedLimit: 25_000_000,
    city: 'Köln',
    zip: '50667',
    street: 'Hohe Straße',
    house: '12',
    debtorCount: 40,
    prefix: 'S',
    users: [
      {
        username: 'creditor@example.com',
        name: 'Martin Müller',
        roles: ['ROLE_CREDITOR'],
        // an admin granted solvency determination: "Bonität prüfen" works for this creditor's debtors
        permissions: { creditorPermissions: { solvencyDetermination: true } },
      },
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
  // One main user per product variant (document 2 §1); each creditor has data in every area.
  variantCreditor('apl', 'APL', 'A', 'Becker Elektrotechnik GmbH', 'Bernd Becker', [
    'Düsseldorf',
    '40213',
    'Königsallee',
    '27',
  ]),
  variantCreditor('fw', 'FW', 'F', 'Wagner Metallbau GmbH & Co. KG', 'Wolfgang Wagner', [
    'Stuttgart',
    '70173',
    'Königstraße',
    '44',
  ]),
  variantCreditor('daa', 'DAA', 'C', 'Hoffmann Gastronomiebedarf OHG', 'Heike Hoffmann', [
    'Hamburg',
    '20095',
    'Mönckebergstraße',
    '7',
  ]),
  variantCreditor('dab', 'DAB', 'B', 'Schulz Backstube e.K.', 'Stefan Schulz', [
    'Hannover',
    '30159',
    'Georgstraße',
    '15',
  ]),
  variantCreditor('fas', 'FAS', 'E', 'Koch IT-Service UG (haftungsbeschränkt)', 'Katrin Koch', [
    'Frankfurt am Main',
    '60311',
    'Zeil',
    '90',
  ]),
  variantCreditor('vhv', 'VHV', 'V', 'Richter Fahrzeugtechnik GmbH', 'Ralf Richter', [
    'Nürnberg',
    '90402',
    'Karolinenstraße',
    '31',
  ]),
  variantCreditor('tpf', 'TPF', 'P', 'Klein Spedition & Logistik GmbH', 'Karl Klein', [
    'Dortmund',
    '44135',
    'Westenhellweg',
    '102',
  ]),
  // Users that show the entry checks after login and the creditor statuses (document 1 §2, §4).
  entryCheckCreditor(
    'optin',
    'O',
    'Neumann Malerbetrieb GmbH',
    { username: 'optin@example.com', name: 'Nina Neumann', optIn: false },
    ['Bremen', '28195', 'Obernstraße', '18'],
  ),
  entryCheckCreditor(
    'pwchange',
    'W',
    'Schwarz Dachdeckerei GmbH',
    { username: 'pwchange@example.com', name: 'Paul Schwarz', passwordUpdateRequired: true },
    ['Dresden', '01067', 'Prager Straße', '5'],
  ),
  entryCheckCreditor(
    'contactcheck',
    'K',
    'Zimmermann Sanitärtechnik GmbH',
    { username: 'contactcheck@example.com', name: 'Clara Zimmermann', askForContactInformationChanges: true },
    ['Bonn', '53111', 'Sternstraße', '60'],
  ),
  entryCheckCreditor(
    'blocked',
    'X',
    'Krüger Bau GmbH',
    { username: 'blocked@example.com', name: 'Boris Krüger' },
    ['Essen', '45127', 'Kettwiger Straße', '22'],
    'blocked',
  ),
  entryCheckCreditor(
    'terminated',
    'Y',
    'Hartmann Textil GmbH',
    { username: 'terminated@example.com', name: 'Tanja Hartmann' },
    ['Bielefeld', '33602', 'Niedernstraße', '9'],
    'terminated',
  ),
];

// More staff for the admins list: an admin with a few permissions, a product admin of another product.
export const EXTRA_ADMINS: DemoUser[] = [
  {
    username: 'support@example.com',
    name: 'Susanne Support',
    roles: ['ROLE_ADMIN'],
    adminPermissions: ['update_user', 'reset_user_password', 'view_action_log', 'registration_mail'],
  },
  {
    username: 'productadmin-tpf@example.com',
    name: 'Tobias Transport',
    roles: ['ROLE_PRODUCT_ADMIN'],
    product: 'TPF',
  },
  {
    username: 'former-admin@example.com',
    name: 'Frieda Früher',
    roles: ['ROLE_ADMIN'],
    status: 'blocked',
    adminPermissions: ['view_action_log'],
  },
];
