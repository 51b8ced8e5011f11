/** How a visitor heard about the product (specification part 1, section 3). */
/** The stored values, in the spec's order, with their labels. */
export const HOW_HEARD_OPTIONS = [
  { value: 'google', label: 'Google search' },
  { value: 'instagram', label: 'Instagram' },
  { value: 'tiktok', label: 'TikTok' },
  { value: 'facebook', label: 'Facebook' },
  { value: 'twitter', label: 'Twitter / X' },
  { value: 'linkedin', label: 'LinkedIn' },
  { value: 'youtube', label: 'YouTube' },
  { value: 'reddit', label: 'Reddit' },
  { value: 'friend', label: 'A friend or colleague' },
  { value: 'blog', label: 'A blog or article' },
  { value: 'podcast', label: 'A podcast' },
  { value: 'newsletter', label: 'A newsletter' },
  { value: 'other', label: 'Other' },
] as const;
export const HOW_HEARD_VALUES = /* @__PURE__ */ HOW_HEARD_OPTIONS.map((option) => option.value) as [HowHeard, ...HowHeard[]];
export type HowHeard = (typeof HOW_HEARD_OPTIONS)[number]['value'];
