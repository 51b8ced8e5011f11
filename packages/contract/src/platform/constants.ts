/** Business constants from the specification (part 1 section 9, part 2 section 9). */
export const TOAST_MS = { default: 4000, copy: 2000, fieldUpdate: 3000 } as const;
export const QUERY_STALE_MS = 5 * 60 * 1000;
export const QUERY_RETRY = 1;
export const SIDEBAR = {
  width: '16rem',
  widthMobile: '18rem',
  widthIcon: '3rem',
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 60 * 60 * 24 * 7,
  shortcutKey: 'b',
  mobileBreakpointPx: 768,
} as const;
export const FIELD_LIMITS = {
  email: 254,
  name: 100,
  subject: 200,
  message: 2000,
  firstName: 50,
  lastName: 50,
  passwordMin: 6,
} as const;
export const INVITATION_TTL_DAYS = 7;
/**
 * Where Penman's source and README live (the operator's documentation). The footer's GitHub link
 * is a placeholder of the same kind: set the project's real repository here.
 */
export const PROJECT_REPOSITORY_URL = 'https://github.com/';
/** The README's "Configuration" section (every environment variable), as GitHub anchors it on the repository page. */
export const README_CONFIGURATION_URL = `${PROJECT_REPOSITORY_URL}#configuration`;
