import { describe, expect, it } from 'vitest';
import { waitlistFigure } from './marketing.ts';

describe('waitlistFigure', () => {
  it('shows the marketing figure until the real count passes it', () => {
    expect(waitlistFigure(undefined)).toBe('2,500+');
    expect(waitlistFigure(0)).toBe('2,500+');
    expect(waitlistFigure(2500)).toBe('2,500+');
    expect(waitlistFigure(2501)).toBe('2,501');
    expect(waitlistFigure(12345)).toBe('12,345');
  });
});
