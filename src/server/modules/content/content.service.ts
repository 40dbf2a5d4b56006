import { asc, eq } from 'drizzle-orm';
import { LANGS, pickText } from '../../../shared/i18n.js';
import type { Navigation } from '../../../shared/schemas/content.js';
import { allergens, contentBlocks } from '../../db/schema/index.js';
import type { AuthUser, RequestContext, UserContext } from '../../lib/context.js';
import { navText } from './content.messages.js';

type PageKey = Parameters<typeof navText>[1];
type GroupSpec = { title: PageKey; pages: [page: string, title: PageKey][] };

/** What each kind of user sees in the side navigation. */
function navigationSpec(user: AuthUser): GroupSpec[] {
  const account: GroupSpec = {
    title: 'groupAccount',
    pages: [
      ...(user.isLocationManager
        ? ([
            ['my-team', 'myTeam'],
            ['meetings', 'meetings'],
            ['spend', 'spend'],
            // Their eaters' dish averages, anonymous (decision 080).
            ['ratings', 'ratings'],
          ] as [string, PageKey][])
        : []),
      // A manager's own company's cost centres (decision 075); administrators have them with the locations.
      ...(user.isLocationManager && user.role !== 'admin' ? ([['cost-centres', 'costCentres']] as [string, PageKey][]) : []),
      ['profile', 'profile'],
      ['privacy', 'privacy'],
      ['terms-and-conditions', 'terms'],
    ],
  };
  if (user.role === 'customer') {
    return [
      {
        title: 'groupOrdering',
        pages: [
          ['order', 'order'],
          ['history', 'history'],
          ...(user.isLocationManager ? ([['visitors', 'visitors']] as [string, PageKey][]) : []),
        ],
      },
      account,
    ];
  }
  const kitchen: GroupSpec = {
    title: 'groupKitchen',
    pages: [
      ['orders', 'orders'],
      ['menu', 'menu'],
      ['laps', 'laps'],
      ['driver', 'driver'],
      ['dashboard', 'dashboard'],
      ['ratings', 'ratings'],
      ['meetings', 'meetings'],
      ['announcements', 'announcements'],
    ],
  };
  // Spec 1: staff manage the catalogue; locations and providers stay with administrators.
  const catalogue: [string, PageKey][] = [
    ['categories', 'categories'],
    ['dishes', 'dishes'],
  ];
  if (user.role === 'kitchen') {
    return [
      {
        title: 'groupOrdering',
        pages: [
          ['order', 'order'],
          ['visitors', 'visitors'],
        ],
      },
      kitchen,
      { title: 'groupCatalogue', pages: catalogue },
      account,
    ];
  }
  return [
    {
      title: 'groupOrdering',
      pages: [
        ['order', 'order'],
        ['history', 'history'],
        ['visitors', 'visitors'],
      ],
    },
    kitchen,
    {
      title: 'groupCatalogue',
      pages: [
        ...catalogue,
        ['locations', 'locations'],
        ['users', 'users'],
        ['providers', 'providers'],
        ['company-sign-in', 'companySignIn'],
        ['invoices', 'invoices'],
        ['spend', 'spend'],
        ['cost-centres', 'costCentres'],
        ['ledger', 'ledger'],
        ['audit', 'audit'],
      ],
    },
    account,
  ];
}

/** The side navigation of the signed-in user, titled in the request's language. */
export function navigationFor({ user, lang }: Pick<UserContext, 'user' | 'lang'>): Navigation {
  return {
    groups: navigationSpec(user).map((g) => ({
      title: navText(lang, g.title),
      pages: g.pages.map(([page, title]) => ({ page, title: navText(lang, title) })),
    })),
  };
}

export const BLOCK_KEYS = ['privacy', 'terms-and-conditions', 'header-info'] as const;
export type BlockKey = (typeof BLOCK_KEYS)[number];

/** A content block in the request's language. */
export async function getBlock({ db, lang }: Pick<RequestContext, 'db' | 'lang'>, key: BlockKey): Promise<string> {
  const rows = await db
    .select({ lang: contentBlocks.lang, body: contentBlocks.body })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, key));
  return pickText(Object.fromEntries(rows.map((r) => [r.lang, r.body])), lang);
}

/** The allergens, named in the request's language. */
export async function listAllergens({ db, lang }: Pick<RequestContext, 'db' | 'lang'>) {
  const rows = await db.select().from(allergens).orderBy(asc(allergens.position), asc(allergens.id));
  return rows.map((a) => ({ id: a.id, code: a.code, title: pickText(a.title, lang) }));
}

export const languages = () => LANGS.map((code) => ({ code }));
