import type { AccessRule } from './access.ts';
import { AUDIT_READ_RULE } from './audit.ts';
import { EVENT_TAB_MODULES, SPORT_EVENT_TABS as SPORT_EVENT_TAB_NAMES, type SportEventTab } from './events.tabs.ts';
import { GAME_RULES } from './games.rules.ts';
import type { ModuleCode } from './modules.ts';
import { PLAYBACK_SETTINGS_RULE } from './playback.ts';
import { APPROVALS_MENU_RULE, PUBLICATIONS_MENU_RULE } from './publications.ts';
import { RESOURCE_NAMES, RESOURCE_REGISTRY, type ResourceName } from './resources/registry.ts';
import type { Role } from './roles.ts';

/** The admin payload's external links (`externalLinks`), each a menu entry leaving the back-office. */
export type ExternalUrlKey = 'cmsUrl' | 'pushNotificationsUrl';

/**
 * The server's environment variable that sets each external link: while it is unset the menu
 * entry opens an in-app page naming it (packages/server/src/config.ts reads them).
 */
export const EXTERNAL_URL_VARIABLES: Readonly<Record<ExternalUrlKey, string>> = {
  cmsUrl: 'REGIE_CMS_URL',
  pushNotificationsUrl: 'REGIE_PUSH_URL',
};

/**
 * The whole route and menu tree of the back-office (spec §2), as data. The web app registers a
 * route for every node, draws the menus from it and guards each route with `canAccess`.
 *
 * Levels: top-level nodes are the left icon menu, their children the sub-menu, and the children
 * of a sub-menu entry (or of a screen with `tabs`) the top-bar tabs.
 */
export interface MenuNode extends AccessRule {
  /** One path segment relative to the parent; may hold `:params` (optional ones end with `?`). */
  path: string;
  /** i18n key of the label. */
  labelKey: string;
  /** Name of a Tabler icon (`@tabler/icons-react`), for top-level and sub-menu entries. */
  icon?: string;
  /** The children are the tabs of one screen (an edit page) rather than separate pages. */
  tabs?: boolean;
  /** A creation page: only its first tab is enabled (spec §2). */
  creation?: boolean;
  /**
   * A page that only makes something (a "New" page): not listed to a user who writes nothing
   * (read_only, or an administrator acting in read-only mode), whose form could not be saved.
   */
  makes?: boolean;
  /** Reachable, but not listed in menus (edit pages, pages with parameters). */
  hidden?: boolean;
  /** Listed but not clickable. */
  disabled?: boolean;
  /** What a disabled entry will hold (i18n key): shown under it and on its page, so it explains itself. */
  disabledHintKey?: string;
  /** Not listed for platform admins, who are redirected to `redirectAdminTo` instead. */
  hiddenForAdmin?: boolean;
  redirectAdminTo?: string;
  /** An event tab that is disabled unless the event has every one of these modules active. */
  eventModules?: readonly ModuleCode[];
  /** A link leaving the back-office: the name of the configuration value holding its URL. */
  externalUrlKey?: ExternalUrlKey;
  /** Only in builds that are neither staging nor production. */
  devOnly?: boolean;
  children?: readonly MenuNode[];
}

type Options = Omit<MenuNode, 'path' | 'labelKey' | 'children'>;

function node(path: string, labelKey: string, options: Options = {}, children?: MenuNode[]): MenuNode {
  return children ? { path, labelKey, ...options, children } : { path, labelKey, ...options };
}

/** The list / new / edit trio most screens share. */
function crud(
  editPath: string,
  options: { newPath?: string; editTabs?: MenuNode[]; newTabs?: MenuNode[]; pages?: Options; editPages?: Options } = {},
): MenuNode[] {
  const newPath = options.newPath ?? 'new';
  const pages = options.pages ?? {};
  const editPages = options.editPages ?? pages;
  return [
    node('list', 'menu.list'),
    node(
      newPath,
      'menu.new',
      options.newTabs ? { ...pages, makes: true, tabs: true, creation: true } : { ...pages, makes: true },
      options.newTabs,
    ),
    node(
      editPath,
      'menu.edit',
      options.editTabs ? { ...editPages, hidden: true, tabs: true } : { ...editPages, hidden: true },
      options.editTabs,
    ),
  ];
}

function tabs(names: readonly (string | MenuNode)[]): MenuNode[] {
  return names.map((entry) => (typeof entry === 'string' ? node(entry, `tab.${entry}`) : entry));
}

/**
 * Who opens each of the sport event's tabs: the event's writers, except clip (clippers), predictor
 * and motm (each game's writers, GAME_RULES: the edit page opens to them for their tab only).
 */
const EVENT_TAB_RULES: { readonly [Tab in SportEventTab]?: AccessRule } = {
  clip: { authorizedRoles: ['liveclipping_write'] },
  predictor: GAME_RULES.predictor,
  motm: GAME_RULES.motm,
};
const EVENT_WRITERS: Options = { authorizedRoles: ['sport_player_write'] };
/** Who opens the event list and edit page: its writers and the writers of a tab of theirs. */
const EVENT_PAGE_ROLES: readonly Role[] = ['sport_player_write', 'predictor_write', 'motm_write'];

/** The sport event's tabs (contract events.ts): the modules each needs and who opens it. */
const SPORT_EVENT_TABS: readonly MenuNode[] = SPORT_EVENT_TAB_NAMES.map((tab) => {
  const eventModules = EVENT_TAB_MODULES[tab];
  return node(tab, `tab.${tab}`, {
    ...(EVENT_TAB_RULES[tab] ?? EVENT_WRITERS),
    ...(eventModules ? { eventModules } : {}),
  });
});

/** The edit page opens to clip_only too (spec §6): the other tabs stay the writers'. */
const CONFERENCE_WRITERS: Options = { authorizedRoles: ['conf_player_write'] };
const CONFERENCE_TABS: readonly (string | MenuNode)[] = [
  node('info', 'tab.info', CONFERENCE_WRITERS),
  node('stream', 'tab.stream', CONFERENCE_WRITERS),
  node('chapters', 'tab.chapters', CONFERENCE_WRITERS),
  node('clip', 'tab.clip', { authorizedRoles: ['liveclipping_write', 'clip_only'] }),
  node('stats', 'tab.stats', CONFERENCE_WRITERS),
];

/** On 'new' only the first is enabled (spec §2): modules, config and cache need the account made. */
const CUSTOMER_TABS = ['infos', 'modules', 'config', 'cache'] as const;

/** The media area's people; those who clip open it for its Publications only (issue 41). */
const MEDIA_ROLES = [
  'video_download',
  'video_write',
  'own_videos_only',
  'use_stream',
  'liveclipping_write',
  'clip_only',
] as const;
/** The modules of the media roles (spec §6 "Role to module": video roles → VIDEOS, stream → AWS_STREAM). */
const MEDIA_MODULES = ['VIDEOS', 'AWS_STREAM'] as const;

/** The registration of a resource that has screens (registry.ts `route`). */
function registered(name: ResourceName): { route: string; segment: string } {
  const { route } = RESOURCE_REGISTRY[name];
  if (!route) throw new Error(`Menu configuration error: resource ${name} has no route in the registry`);
  return { route, segment: route.slice(route.lastIndexOf('/') + 1) };
}

/** Menu nodes made from the registry, by resource (resources.test.ts checks each sits at its route). */
export const RESOURCE_NODES = new Map<MenuNode, ResourceName>();

function derived(name: ResourceName, made: MenuNode): MenuNode {
  RESOURCE_NODES.set(made, name);
  return made;
}

/**
 * Where a registered route sits below the registered route holding it, if any: a competition's
 * seasons, `/account/competitions/:id/seasons`, sit at `:id/seasons` of the competitions' entry.
 */
function belowOwner(route: string): string | undefined {
  const owners = RESOURCE_NAMES.map((name) => RESOURCE_REGISTRY[name].route).filter(
    (owner): owner is string => owner !== undefined && route.startsWith(`${owner}/`),
  );
  const owner = owners.sort((a, b) => b.length - a.length)[0];
  return owner === undefined ? undefined : route.slice(owner.length + 1);
}

/**
 * A page of a registered resource whose screens sit under another entry (groups under users,
 * subcategories under categories, seasons under competitions): `page` below its route's part
 * under that entry (else its last segment), the roles inherited from that entry.
 */
function resourcePage(name: ResourceName, page: string, labelKey: string, options: Options = {}): MenuNode {
  const { route, segment } = registered(name);
  const base = belowOwner(route) ?? segment;
  return derived(name, node(page ? `${base}/${page}` : base, labelKey, options));
}

/** What a resource's entry has beyond its registration's menu entry: tabs and pages of its own. */
interface ResourceMenuMore {
  /**
   * Who opens the entry and its list when that is wider than the writers (videos): its new and
   * edit pages then take the write roles. Without it, the whole entry takes the write roles.
   */
  listRoles?: readonly Role[];
  /** Who opens the edit page when that is wider than the writers (a conference's clip tab). */
  editRoles?: readonly Role[];
  newTabs?: MenuNode[];
  editTabs?: MenuNode[];
  /** Pages after list / new / edit. */
  more?: MenuNode[];
}

const RESOURCE_MENU_MORE: { readonly [Name in ResourceName]?: ResourceMenuMore } = {
  accounts: { newTabs: tabs(CUSTOMER_TABS), editTabs: tabs(CUSTOMER_TABS) },
  users: {
    more: [
      resourcePage('groups', 'new', 'menu.account.users.groupNew', { makes: true }),
      resourcePage('groups', ':groupId', 'menu.account.users.groupEdit', { hidden: true }),
    ],
  },
  themes: { editTabs: tabs(['config', 'markers']) },
  sports: { more: [node('map/:sportId', 'menu.account.sports.map', { hidden: true })] },
  // A season's page (its form, translations and rounds), reached from its competition's page.
  competitions: {
    more: [resourcePage('seasons', 'edit/:seasonId', 'menu.account.competitions.seasonEdit', { hidden: true })],
  },
  products: { editTabs: tabs(['infos', 'items', 'fans']) },
  categories: {
    more: [
      node(':id/linked-items', 'menu.account.categories.linkedItems', { hidden: true }),
      resourcePage('subcategories', 'new', 'menu.account.categories.subcategoryNew', { hidden: true, makes: true }),
      resourcePage('subcategories', 'edit/:id', 'menu.account.categories.subcategoryEdit', { hidden: true }),
    ],
  },
  playlists: { more: [node(':id/linked-videos', 'menu.account.playlists.linkedVideos', { hidden: true })] },
  events: {
    listRoles: EVENT_PAGE_ROLES,
    editRoles: EVENT_PAGE_ROLES,
    newTabs: tabs(SPORT_EVENT_TABS),
    editTabs: tabs(SPORT_EVENT_TABS),
    // One live event's screen for its operators (features/control-room): those of its stream tab.
    more: [
      node('control-room/:id', 'menu.events.sports.controlRoom', {
        authorizedRoles: RESOURCE_REGISTRY.events.write.authorizedRoles,
        hidden: true,
      }),
    ],
  },
  'business-players': {
    listRoles: ['conf_player_write', 'clip_only'],
    editRoles: ['conf_player_write', 'clip_only'],
    newTabs: tabs(CONFERENCE_TABS),
    editTabs: tabs(CONFERENCE_TABS),
  },
  quizzes: { newTabs: tabs(['infos', 'ranking']), editTabs: tabs(['infos', 'ranking']) },
  videos: {
    listRoles: ['video_download', 'video_write', 'own_videos_only'],
    newTabs: [
      node('infos', 'tab.infos'),
      node('subtitles', 'tab.subtitles', { disabled: true }),
      node('formats', 'tab.formats', { disabled: true, requiredModules: ['VERTICAL_VIDEO'] }),
    ],
    // Formats (issue 42): the video in 9:16, 1:1 and 4:5, with the VERTICAL_VIDEO module.
    editTabs: tabs(['infos', 'subtitles', node('formats', 'tab.formats', { requiredModules: ['VERTICAL_VIDEO'] })]),
  },
};

/** `/account/marker-types` → `menu.account.markerTypes`. */
export function resourceMenuLabel(route: string): string {
  const segments = route.split('/').filter(Boolean);
  return [
    'menu',
    ...segments.map((segment) => segment.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())),
  ].join('.');
}

/**
 * A registered resource's entry with its list / new / edit pages, all from its registration
 * (registry.ts): the path is the last segment of its route, the label follows the route, the
 * roles are its write rule's, icon, modules and page paths its `menu`; RESOURCE_MENU_MORE adds
 * tabs and pages.
 */
function resourceNode(name: ResourceName): MenuNode {
  const { route, segment } = registered(name);
  const { write, menu } = RESOURCE_REGISTRY[name];
  const { newPath, editParam = 'id', ...own } = menu ?? {};
  const { listRoles, editRoles, newTabs, editTabs, more = [] } = RESOURCE_MENU_MORE[name] ?? {};
  const writers: Options = write.authorizedRoles ? { authorizedRoles: write.authorizedRoles } : {};
  const pages = crud(`edit/:${editParam}`, {
    ...(newPath ? { newPath } : {}),
    ...(newTabs ? { newTabs } : {}),
    ...(editTabs ? { editTabs } : {}),
    ...(listRoles ? { pages: writers } : {}),
    ...(editRoles ? { editPages: { authorizedRoles: editRoles } } : {}),
  });
  const rule = listRoles ? { authorizedRoles: listRoles } : writers;
  return derived(name, node(segment, resourceMenuLabel(route), { ...own, ...rule }, [...pages, ...more]));
}

/** The entries of the registered resources with a menu entry under `area` (`/account`), in the registry's order. */
function registeredNodes(area: string): MenuNode[] {
  return RESOURCE_NAMES.filter((name) => {
    const { route, menu } = RESOURCE_REGISTRY[name];
    return menu !== undefined && route?.slice(0, route.lastIndexOf('/')) === area;
  }).map(resourceNode);
}

/**
 * Spec §6: a role kept after its module was removed must not open its screens. So every entry
 * states its module (requiredModules or authorizedModules, here or on an ancestor), except those
 * that no module is about, listed here with why (menu.test.ts walks the tree and checks it).
 * Containers without a screen of their own (account, events, actors, …) are checked through
 * their children.
 */
export const MENU_MODULE_EXCEPTIONS: Readonly<Record<string, string>> = {
  '/account/settings': "every user's own account settings, whatever the account's modules",
  '/account/customers': 'platform administration (manage_customer_accounts at access level 1), above any account',
  '/account/users': 'manage_users: managing an account’s people is no module of the spec',
  '/account/audit': 'manage_users or platform administration: who did what is no module of the spec',
  '/faq': 'help for every signed-in user',
  '/admin-tools': 'platform administration (manage_customer_accounts), above any account',
  '/tests': 'development builds only, for developers',
};

export const MENU: readonly MenuNode[] = [
  node('account', 'menu.account', { icon: 'IconUserCog' }, [
    node(
      'settings',
      'menu.account.settings',
      { icon: 'IconSettings', hiddenForAdmin: true, redirectAdminTo: '/account/users', tabs: true },
      tabs([
        'infos',
        'subscription',
        'social-networks',
        // Where the account's fans may watch (issue 47): its manager, with a module it acts through.
        node('playback', 'tab.playback', PLAYBACK_SETTINGS_RULE),
      ]),
    ),
    ...registeredNodes('/account'),
    // Who did what (issue 26): every account for platform administrators, their own for manage_users.
    node('audit', 'menu.account.audit', { icon: 'IconHistory', ...AUDIT_READ_RULE }),
    node('gamification', 'menu.account.gamification', { icon: 'IconDeviceGamepad2' }, [
      node('trivia', 'menu.account.gamification.trivia', {
        authorizedRoles: ['trivia_write'],
        requiredModules: ['ADDON_TRIVIA'],
      }),
      node('motm', 'menu.account.gamification.motm', {
        authorizedRoles: ['motm_write'],
        requiredModules: ['ADDON_MOTM'],
      }),
      node('predictor', 'menu.account.gamification.predictor', {
        authorizedRoles: ['predictor_write'],
        requiredModules: ['ADDON_PREDICTOR'],
      }),
    ]),
  ]),
  node(
    'dashboard',
    'menu.dashboard',
    {
      icon: 'IconChartBar',
      authorizedRoles: ['conf_player_write', 'sport_player_write'],
      requiredModules: ['DASHBOARD'],
    },
    [
      node('all', 'menu.dashboard.all'),
      node('detail', 'menu.dashboard.detail', {
        disabled: true,
        disabledHintKey: 'insights.dashboard.detailSoon',
      }),
    ],
  ),
  node('events', 'menu.events', { icon: 'IconCalendarEvent' }, [
    ...registeredNodes('/events'),
    node(
      'simulcasts',
      'menu.events.simulcasts',
      { icon: 'IconBroadcast', authorizedRoles: ['simulcast_write'], requiredModules: ['SIMULCAST'] },
      crud('edit/:simId', { newTabs: tabs(['info', 'stats']), editTabs: tabs(['info', 'stats']) }),
    ),
    node(
      'aws-simulcasts',
      'menu.events.awsSimulcasts',
      { icon: 'IconCloudUpload', authorizedRoles: ['simulcast_write'], requiredModules: ['SIMULCAST', 'AWS_STREAM'] },
      crud('edit/:id', { editTabs: tabs(['info']) }),
    ),
  ]),
  node(
    'clipping',
    'menu.clipping',
    // clip_only opens the area for its conference page (spec §6); the event page stays liveclipping_write's.
    {
      icon: 'IconScissors',
      authorizedRoles: ['liveclipping_write', 'clip_only'],
      requiredModules: ['STREAM_CLIPPING'],
    },
    [
      node('event', 'menu.clipping.event', { authorizedRoles: ['liveclipping_write'] }),
      node('conference', 'menu.clipping.conference', { authorizedRoles: ['liveclipping_write', 'clip_only'] }),
      // Every clip of the account, live and replay (issue 46): beside where they are cut.
      node('clips', 'menu.clipping.clips', { authorizedRoles: ['liveclipping_write', 'clip_only'] }),
      resourcePage('clip-templates', '', 'menu.clipping.template'),
      ...registeredNodes('/clipping'),
    ],
  ),
  node('cms', 'menu.cms', {
    icon: 'IconExternalLink',
    authorizedRoles: ['use_cms'],
    requiredModules: ['CMS'],
    externalUrlKey: 'cmsUrl',
  }),
  node('push-notifications', 'menu.pushNotifications', {
    icon: 'IconBellRinging',
    authorizedRoles: ['use_push_notifications'],
    requiredModules: ['PUSH_NOTIFICATIONS'],
    externalUrlKey: 'pushNotificationsUrl',
  }),
  node('actors', 'menu.actors', { icon: 'IconUsersGroup' }, [...registeredNodes('/actors')]),
  node('medias', 'menu.medias', { icon: 'IconMovie', authorizedRoles: MEDIA_ROLES, authorizedModules: MEDIA_MODULES }, [
    ...registeredNodes('/medias'),
    node(
      'streams',
      'menu.medias.streams',
      { icon: 'IconAntenna', authorizedRoles: ['use_stream'], requiredModules: ['AWS_STREAM'] },
      crud('edit/:inputId'),
    ),
    // Every publication of the account to its social accounts (issue 41), live.
    node('publications', 'menu.medias.publications', { icon: 'IconShare', ...PUBLICATIONS_MENU_RULE }),
    // The clip rules' publications waiting for a producer (issue 41 point 3), phone-sized.
    node('approvals', 'menu.medias.approvals', { icon: 'IconChecks', ...APPROVALS_MENU_RULE }),
  ]),
  node('faq', 'menu.faq', { icon: 'IconHelp' }, [
    node('main', 'menu.faq.main'),
    // The entries behind the FAQ page (registry.ts).
    ...registeredNodes('/faq'),
  ]),
  node(
    'data-import',
    'menu.dataImport',
    { icon: 'IconDatabaseImport', authorizedRoles: ['sport_player_write'], requiredModules: ['IMPORTDATA'] },
    [node('ipfl', 'menu.dataImport.ipfl'), node('feeds', 'menu.dataImport.feeds')],
  ),
  node('crm', 'menu.crm', { icon: 'IconAddressBook', authorizedRoles: ['use_crm'], requiredModules: ['FANS_CRM'] }, [
    node('fans', 'menu.crm.fans', { icon: 'IconHeart' }, [
      node('list', 'menu.list'),
      node(
        'edit/:id',
        'menu.edit',
        { hidden: true, tabs: true },
        tabs(['infos', 'tags', 'session', 'activities', 'products']),
      ),
    ]),
    node('fanProfiles', 'menu.crm.fanProfiles', { icon: 'IconId' }, crud('edit/:id')),
  ]),
  node(
    'trivia',
    'menu.trivia',
    { icon: 'IconBulb', authorizedRoles: ['trivia_write'], requiredModules: ['ADDON_TRIVIA'] },
    [
      ...registeredNodes('/trivia'),
      node('rankings', 'menu.trivia.rankings', { icon: 'IconListNumbers' }, [node('list', 'menu.list')]),
    ],
  ),
  node('admin-tools', 'menu.adminTools', { icon: 'IconTool', platformAdmin: true }, [
    node('query-builder', 'menu.adminTools.queryBuilder', { icon: 'IconSql' }),
    node('parser-mapping/:provider?/:sportId?/:mode?/:dataProviderMappingId?', 'menu.adminTools.parserMapping', {
      icon: 'IconArrowsExchange',
    }),
    node('purge-cache', 'menu.adminTools.purgeCache', { icon: 'IconEraser' }),
    node('generate-events', 'menu.adminTools.generateEvents', { icon: 'IconCalendarPlus' }),
  ]),
  node('tests', 'menu.tests', { icon: 'IconFlask', devOnly: true }, [node('widgets', 'menu.tests.widgets')]),
];

/** A node placed in the tree: its full path, its ancestors' rules folded in. */
export interface RouteEntry {
  /** Absolute path, `/account/users/list`. */
  fullPath: string;
  /** Absolute path of the parent, or null at the top. */
  parentPath: string | null;
  depth: number;
  node: MenuNode;
  /** The rule with everything inherited from the ancestors (see `inheritRule`). */
  rule: AccessRule;
  /** The rules of the ancestors then of the node itself, each as inherited: all must pass. */
  chain: readonly AccessRule[];
  /** True when an ancestor is a creation page or tab container: this node is one of its tabs. */
  isTab: boolean;
  /** Index among its siblings. */
  index: number;
  children: readonly RouteEntry[];
}
