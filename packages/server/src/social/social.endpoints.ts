import type { SocialPlatform } from '@regie/contract/social';

/**
 * Where each platform's OAuth and account calls go, after the platforms' documentation (2026).
 * `base` is the real platform's; REGIE_<PLATFORM>_BASE_URL moves them all to one origin (the
 * local stand-ins of local/local-social.ts are mounted at `${LOCAL_SOCIAL_PREFIX}/<platform>` with the
 * same paths). Each platform file (social.<platform>.ts) reads its paths from here only.
 */
export interface PlatformEndpoints {
  /** Real origins by role: the browser's consent page, the token calls, the API calls. */
  base: { authorize: string; token: string; api: string };
  /** The browser's consent page (OAuth 2.0 authorize; X: OAuth 1.0a authorize). */
  authorize: string;
  /** OAuth 2.0: code → tokens and refresh; X: OAuth 1.0a access_token. */
  token: string;
  /** X only: OAuth 1.0a request_token. */
  requestToken?: string;
  /** Revokes a token (Facebook: DELETE /me/permissions; X: invalidate_token). */
  revoke: string;
  /** The linked account: its id, name and picture. */
  profile: string;
  /** The pages (Facebook), channels (YouTube) or business accounts (Instagram) it can publish to. */
  targets?: string;
}

export const PLATFORM_ENDPOINTS: Readonly<Record<SocialPlatform, PlatformEndpoints>> = {
  // Google OAuth 2.0 for web server apps (PKCE, access_type=offline), YouTube Data API v3.
  youtube: {
    base: {
      authorize: 'https://accounts.google.com',
      token: 'https://oauth2.googleapis.com',
      api: 'https://www.googleapis.com',
    },
    authorize: '/o/oauth2/v2/auth',
    token: '/token',
    revoke: '/revoke',
    profile: '/oauth2/v3/userinfo',
    targets: '/youtube/v3/channels',
  },
  // Facebook Login (manual flow, PKCE), Graph API: /me, /me/accounts (pages and their tokens).
  facebook: {
    base: {
      authorize: 'https://www.facebook.com',
      token: 'https://graph.facebook.com',
      api: 'https://graph.facebook.com',
    },
    authorize: '/v21.0/dialog/oauth',
    token: '/v21.0/oauth/access_token',
    revoke: '/v21.0/me/permissions',
    profile: '/v21.0/me',
    targets: '/v21.0/me/accounts',
  },
  // Instagram professional accounts through Facebook Login: the business account behind a page.
  instagram: {
    base: {
      authorize: 'https://www.facebook.com',
      token: 'https://graph.facebook.com',
      api: 'https://graph.facebook.com',
    },
    authorize: '/v21.0/dialog/oauth',
    token: '/v21.0/oauth/access_token',
    revoke: '/v21.0/me/permissions',
    profile: '/v21.0/me',
    targets: '/v21.0/me/accounts',
  },
  // X: three-legged OAuth 1.0a (request_token → authorize → access_token), then API v2 /users/me.
  twitter: {
    base: { authorize: 'https://api.x.com', token: 'https://api.x.com', api: 'https://api.x.com' },
    requestToken: '/oauth/request_token',
    authorize: '/oauth/authorize',
    token: '/oauth/access_token',
    revoke: '/1.1/oauth/invalidate_token',
    profile: '/2/users/me',
  },
  // Dailymotion OAuth 2.0 (authorization code grant on the public API), its /me.
  dailymotion: {
    base: {
      authorize: 'https://www.dailymotion.com',
      token: 'https://api.dailymotion.com',
      api: 'https://api.dailymotion.com',
    },
    authorize: '/oauth/authorize',
    token: '/oauth/token',
    revoke: '/logout',
    profile: '/me',
  },
  // TikTok Login Kit for web (PKCE, client_key), Content Posting API scopes.
  tiktok: {
    base: {
      authorize: 'https://www.tiktok.com',
      token: 'https://open.tiktokapis.com',
      api: 'https://open.tiktokapis.com',
    },
    authorize: '/v2/auth/authorize/',
    token: '/v2/oauth/token/',
    revoke: '/v2/oauth/revoke/',
    profile: '/v2/user/info/',
  },
};

/** Where the local stand-ins are mounted on this server. */
export const LOCAL_SOCIAL_PREFIX = '/local-social';

/** The scopes each platform is asked for: publishing videos, reading the account it publishes as. */
export const PLATFORM_SCOPES: Readonly<Record<SocialPlatform, readonly string[]>> = {
  youtube: [
    'openid',
    'profile',
    'https://www.googleapis.com/auth/youtube.upload',
    'https://www.googleapis.com/auth/youtube.readonly',
  ],
  facebook: ['public_profile', 'pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'publish_video'],
  instagram: [
    'public_profile',
    'pages_show_list',
    'business_management',
    'instagram_basic',
    'instagram_content_publish',
  ],
  twitter: [],
  dailymotion: ['manage_videos', 'userinfo'],
  tiktok: ['user.info.basic', 'video.upload', 'video.publish'],
};

/**
 * The publishing calls of each platform (issue 41 points 2 and 4), after their documentation
 * (2026), on the platform's API origin (`base.api`; the local stand-ins serve the same paths).
 * `{…}` are path parameters. Each platform file's publisher reads its paths from here only.
 */
export const PUBLISH_ENDPOINTS = {
  // YouTube Data API v3 resumable upload: POST starts a session (Location: the session URL), PUT
  // sends the bytes (308 + Range while incomplete; a PUT with `Content-Range: bytes */N` asks how
  // far it got), the video resource at the end; then videos.list for processing, search for reuse.
  youtube: {
    upload: '/upload/youtube/v3/videos',
    videos: '/youtube/v3/videos',
    mine: '/youtube/v3/search',
    // thumbnails.set: the frame's JPEG as the body, the video's id in the query (2 MB at most).
    thumbnails: '/upload/youtube/v3/thumbnails/set',
  },
  // Graph API resumable video upload on a page: upload_phase start → transfer (chunks) → finish;
  // the video's status and permalink; the page's recent videos.
  facebook: {
    videos: '/v21.0/{pageId}/videos',
    video: '/v21.0/{videoId}',
  },
  // Instagram Graph API: a REELS container the platform fetches from video_url, its status_code,
  // media_publish, the media's permalink; the account's recent media.
  instagram: {
    media: '/v21.0/{igUserId}/media',
    container: '/v21.0/{containerId}',
    publish: '/v21.0/{igUserId}/media_publish',
    item: '/v21.0/{mediaId}',
  },
  // X: chunked media upload v1.1 (command=INIT | APPEND | FINALIZE | STATUS), then a post (API v2);
  // the user's recent posts.
  twitter: {
    media: '/1.1/media/upload.json',
    tweets: '/2/tweets',
    timeline: '/2/users/{userId}/tweets',
  },
  // Dailymotion: an upload URL, the file posted there, the video created from its URL and
  // published; its status; the account's recent videos.
  dailymotion: {
    uploadUrl: '/file/upload',
    videos: '/me/videos',
    video: '/video/{videoId}',
  },
  // TikTok Content Posting API (direct post): init (FILE_UPLOAD, chunk sizes) → PUT the chunks to
  // its upload_url with Content-Range → status fetch; the user's recent videos.
  tiktok: {
    init: '/v2/post/publish/video/init/',
    status: '/v2/post/publish/status/fetch/',
    list: '/v2/video/list/',
  },
} as const;
