import type { Company } from '../../schemas/user.js';

/** The company behind the site (docs/product.md#scope). Every detail is fictional. */
export const COMPANY: Company = {
  id: 1,
  name: 'Pipstream Markets Ltd',
  logo: '/logos/company.svg',
  url: 'https://www.pipstream.example',
  // The main company, beside the name: the group entity that owns the brand.
  subject: 'Pipstream Holdings Limited',
  registered_address: 'Suite 305, Anchor House, 14 Harbour Road, Victoria, Mahé, Seychelles',
  location: '21 Kingsway Quay, London EC4A 1BN, United Kingdom',
  email: 'support@pipstream.example',
};

/** At most this many companies per search (this project's choice). */
export const COMPANY_SEARCH_LIMIT = 50;

type Listing = readonly [
  name: string,
  slug: string,
  subject: string,
  registered: string,
  office: string,
];

// Fictional brokers for company-directory mode (startup `type` 0); domains use the reserved
// `.example` TLD so no link ever reaches a real firm.
const LISTINGS: readonly Listing[] = [
  [
    'Bluefin FX Ltd',
    'bluefinfx',
    'Bluefin Group Holdings',
    'Kingstown, St Vincent and the Grenadines',
    'Limassol, Cyprus',
  ],
  [
    'Northgate Capital Markets',
    'northgatecm',
    'Northgate Financial plc',
    'Port Louis, Mauritius',
    'London, United Kingdom',
  ],
  [
    'Harbour Light Securities',
    'harbourlight',
    'Harbour Light Holdings',
    'Road Town, British Virgin Islands',
    'Hong Kong',
  ],
  [
    'Meridian Prime Brokers',
    'meridianprime',
    'Meridian Prime Group',
    'Victoria, Seychelles',
    'Dubai, United Arab Emirates',
  ],
  [
    'Crestline Trading Group',
    'crestline',
    'Crestline Partners LLC',
    'Charlestown, Nevis',
    'Sydney, Australia',
  ],
  [
    'Silverleaf Investments',
    'silverleaf',
    'Silverleaf Capital AG',
    'Vaduz, Liechtenstein',
    'Zurich, Switzerland',
  ],
  ['Aurora Derivatives SA', 'auroraderiv', 'Aurora Finance SA', 'Luxembourg', 'Paris, France'],
  [
    'Kestrel Markets Ltd',
    'kestrelmarkets',
    'Kestrel Holdings Ltd',
    'Valletta, Malta',
    'Valletta, Malta',
  ],
  [
    'Orchard Street Capital',
    'orchardstreet',
    'Orchard Street Group',
    'George Town, Cayman Islands',
    'Singapore',
  ],
  [
    'Tidewater Futures',
    'tidewater',
    'Tidewater Financial Inc.',
    'Wilmington, Delaware, United States',
    'Chicago, United States',
  ],
  [
    'Summit Peak Finance',
    'summitpeak',
    'Summit Peak Holdings',
    'Port Vila, Vanuatu',
    'Kuala Lumpur, Malaysia',
  ],
  ['Lumen Asset Exchange', 'lumenax', 'Lumen Group AS', 'Tallinn, Estonia', 'Helsinki, Finland'],
  [
    'Redwood Global Markets',
    'redwoodgm',
    'Redwood Capital Holdings',
    'Nicosia, Cyprus',
    'Frankfurt, Germany',
  ],
  [
    'Quartz Bridge Brokerage',
    'quartzbridge',
    'Quartz Bridge Holdings',
    'Apia, Samoa',
    'Bangkok, Thailand',
  ],
  [
    'Sable Point FX',
    'sablepoint',
    'Sable Point Capital',
    'Majuro, Marshall Islands',
    'Istanbul, Türkiye',
  ],
];

/**
 * The company directory the product search lists in company-directory mode: the site's own
 * company first, then the fictional brokers.
 */
export const COMPANY_DIRECTORY: readonly Company[] = [
  COMPANY,
  ...LISTINGS.map(
    ([name, slug, subject, registered, office], index): Company => ({
      id: index + 2,
      name,
      logo: `/logos/${slug}.svg`,
      url: `https://www.${slug}.example`,
      subject,
      registered_address: registered,
      location: office,
      email: `info@${slug}.example`,
    }),
  ),
];

/**
 * Companies whose name contains `name`, ignoring case; an empty name lists them all (this
 * project's choice: the search screen opens with the whole directory). At most
 * {@link COMPANY_SEARCH_LIMIT}.
 */
export function searchCompanies(name: string): Company[] {
  const needle = name.trim().toLowerCase();
  return COMPANY_DIRECTORY.filter((c) => c.name.toLowerCase().includes(needle)).slice(
    0,
    COMPANY_SEARCH_LIMIT,
  );
}
