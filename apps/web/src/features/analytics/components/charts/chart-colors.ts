/** Series colours: received mail in the brand indigo, the user's own mail in teal (both AA on white). */
export const CHART_COLORS = {
  received: 'oklch(0.511 0.262 276.966)',
  sent: 'oklch(0.6 0.118 184.704)',
  grid: 'oklch(0.929 0.013 255.508)',
  axis: 'oklch(0.516 0.039 257.417)',
} as const;
