/**
 * The locale every figure of the app is written in: its texts are English, and its dates are
 * written in en-US too (`apps/web/src/lib/date-format.ts`).
 */
export const UI_LOCALE = 'en-US';

const countFormat = new Intl.NumberFormat(UI_LOCALE);

/** A count as the app writes it: '1,726'. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** '1 email', '1,726 emails'. */
export function emailCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'email' : 'emails'}`;
}
