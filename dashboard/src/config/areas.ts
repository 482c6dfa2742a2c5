/**
 * The dashboard's areas (dashboard spec §2). The sidebar, the overview and the routes are all
 * built from this list, so an area is added in one place.
 */
export interface Area {
  /** Path below /dashboard/. */
  path: string;
  label: string;
  /** What staff do there (dashboard spec §1–2). */
  summary: string;
  /** What the area shows while it has nothing to list. */
  empty: { title: string; text: string };
  /**
   * `coming` for areas built in a later issue: the sidebar marks them and their page says what
   * is coming, rather than pretending to work.
   */
  status: 'ready' | 'coming';
}

export interface AreaGroup {
  label: string;
  areas: readonly Area[];
}

export const AREA_GROUPS: readonly AreaGroup[] = [
  {
    label: 'Catalogue',
    areas: [
      {
        path: 'products',
        status: 'ready',
        label: 'Products',
        summary: 'Create, edit, publish, schedule and remove Digital and Print products.',
        empty: { title: 'No products listed', text: 'Products appear here with their status, type and publish date.' },
      },
      {
        path: 'series',
        status: 'ready',
        label: 'Series',
        summary: 'Edit series, publish or unpublish them, and see the products of each series.',
        empty: { title: 'No series listed', text: 'Series appear here with their status and product count.' },
      },
      {
        path: 'bundles',
        status: 'ready',
        label: 'Bundles',
        summary: 'Group products into bundles with their own prices and thumbnails.',
        empty: { title: 'No bundles listed', text: 'Bundles appear here with their items and status.' },
      },
      {
        path: 'sales-campaigns',
        status: 'ready',
        label: 'Sales campaigns',
        summary: 'Run discounts on products and series between a start and an end date, or import them from a spreadsheet.',
        empty: { title: 'No sales campaigns', text: 'Campaigns appear here with their dates and discounted products.' },
      },
    ],
  },
  {
    label: 'Storefront',
    areas: [
      {
        path: 'home-page',
        status: 'ready',
        label: 'Home page',
        summary: 'Curate the home-page wheel, curated lists, and the top and messaging settings.',
        empty: { title: 'No home-page entries', text: 'Wheel groups and curated lists appear here in their display order.' },
      },
      {
        path: 'carousels',
        status: 'ready',
        label: 'Carousels',
        summary: 'Arrange the carousels of series and products shown on the storefront.',
        empty: { title: 'No carousels', text: 'Carousels appear here with the items they show.' },
      },
      {
        path: 'html-components',
        status: 'ready',
        label: 'HTML components',
        summary: 'Edit the blocks of custom content placed on storefront pages.',
        empty: { title: 'No HTML components', text: 'Components appear here with where they are placed.' },
      },
    ],
  },
  {
    label: 'Customers',
    areas: [
      {
        path: 'users',
        status: 'ready',
        label: 'Users',
        summary: 'Look up users, grant or remove products, add notes, set roles and export user lists.',
        empty: { title: 'No users to show', text: 'Search results appear here with each user’s email and roles.' },
      },
      {
        path: 'orders',
        status: 'ready',
        label: 'Orders',
        summary: 'Look up orders, follow their status, ship Print orders, refund and add notes.',
        empty: { title: 'No orders to show', text: 'Orders appear here with their status, customer and total.' },
      },
      {
        path: 'badges',
        status: 'ready',
        label: 'Badges and gift codes',
        summary: 'See how many gift codes each campaign badge has left and load more from a list or CSV file.',
        empty: { title: 'No badges', text: 'Badges appear here with their gift codes total, handed out and left.' },
      },
      {
        path: 'support-tickets',
        status: 'ready',
        label: 'Support tickets',
        summary: 'Search, tag, assign and answer support tickets, alone or in bulk.',
        empty: { title: 'No open tickets', text: 'Tickets appear here with their tags, assignee and last message.' },
      },
    ],
  },
  {
    label: 'Publishing',
    areas: [
      {
        path: 'publishers',
        status: 'ready',
        label: 'Publishers',
        summary: 'Create, edit and remove publishers, and hide or show them in batch.',
        empty: { title: 'No publishers listed', text: 'Publishers appear here with their imprints and visibility.' },
      },
      {
        path: 'lookups',
        status: 'ready',
        label: 'Lookups',
        summary: 'Look up IP tags, inventory stock, restricted territories, pricing tiers and imprints.',
        empty: { title: 'Nothing to look up', text: 'Lookup lists appear here by kind.' },
      },
    ],
  },
  {
    label: 'Email',
    areas: [
      {
        path: 'email-templates',
        status: 'ready',
        label: 'Email templates',
        summary: 'Edit database and authentication email templates and send test emails.',
        empty: { title: 'No templates listed', text: 'Templates appear here by name and kind.' },
      },
      {
        path: 'scheduled-emails',
        status: 'ready',
        label: 'Scheduled emails',
        summary: 'See the emails waiting to be sent and when they will go out.',
        empty: { title: 'Nothing scheduled', text: 'Emails waiting to be sent appear here with their send time.' },
      },
      {
        path: 'sent-emails',
        status: 'ready',
        label: 'Sent emails',
        summary: 'See the emails that went out and how their delivery went.',
        empty: { title: 'No sent emails', text: 'Sent emails appear here with their recipient and delivery status.' },
      },
      {
        path: 'email-provider',
        status: 'ready',
        label: 'Email provider',
        summary: 'Check the health of the email provider and its verified sending identities.',
        empty: { title: 'No provider status', text: 'Sending health and verified identities appear here.' },
      },
    ],
  },
  {
    label: 'Insights',
    areas: [
      {
        path: 'analytics',
        status: 'ready',
        label: 'Analytics',
        summary: 'Follow sales and traffic, daily or monthly.',
        empty: { title: 'No figures yet', text: 'Sales and traffic charts appear here for the period you choose.' },
      },
      {
        path: 'reports',
        status: 'ready',
        label: 'Reports',
        summary: 'Download sales and user reports as spreadsheets.',
        empty: { title: 'No reports', text: 'Reports you can download appear here.' },
      },
    ],
  },
  {
    label: 'System',
    areas: [
      {
        path: 'system',
        status: 'ready',
        label: 'System',
        summary: 'Watch every service’s health, events and errors, and re-drive the events a consumer gave up on.',
        empty: { title: 'No services answered', text: 'Each service’s health, outbox, consumer groups and dead letters appear here.' },
      },
      {
        path: 'search-maintenance',
        status: 'ready',
        label: 'Search maintenance',
        summary: 'Find items missing from search or left behind in it, rebuild the search index and invalidate the whole cache.',
        empty: { title: 'No maintenance runs', text: 'Index rebuilds and cache invalidations appear here when they run.' },
      },
    ],
  },
];

export const AREAS: readonly Area[] = AREA_GROUPS.flatMap((group) => group.areas);

/** Areas built in a later issue. */
export const COMING_AREAS: readonly Area[] = AREAS.filter((area) => area.status === 'coming');

/** Absolute path of the storefront, which the gateway serves at the origin's root. */
export const STOREFRONT_URL = '/';
