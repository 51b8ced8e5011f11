/** Marketing figures of the public site (specification part 1, sections 1 and 9). */

/** The waitlist size shown on the page until the real count passes it. */
export const WAITLIST_MARKETING_COUNT = 2500;

/** The figure the page shows: '2,500+' until more people than that have joined, then the real count. */
export function waitlistFigure(realCount: number | undefined): string {
  if (realCount !== undefined && realCount > WAITLIST_MARKETING_COUNT) return realCount.toLocaleString('en-US');
  return `${WAITLIST_MARKETING_COUNT.toLocaleString('en-US')}+`;
}

/** Marketing claims (part 1 sections 1 and 9). */
export const MARKETING_FIGURES = {
  accuracy: '95%',
  speed: '3x',
  draftSeconds: 10,
  hoursSavedDaily: '3+',
  encryption: 'AES-256',
  buyTimeHours: 24,
} as const;
