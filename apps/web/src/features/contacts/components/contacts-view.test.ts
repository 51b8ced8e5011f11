import { describe, expect, it } from 'vitest';
import {
  type ContactFilters,
  canGoNext,
  canGoPrevious,
  emptyKind,
  isFilterActive,
  listQuery,
  NO_FILTERS,
  paginationText,
  showFilters,
} from './contacts-view.ts';

const filters = (changes: Partial<ContactFilters>): ContactFilters => ({ ...NO_FILTERS, ...changes });

describe('isFilterActive', () => {
  it.each([
    [NO_FILTERS, false],
    [filters({ search: 'allen' }), false],
    [filters({ company: 'Enron' }), true],
    [filters({ strength: 'low' }), true],
    [filters({ company: 'Enron', strength: 'very_high', search: 'x' }), true],
  ])('%o → %s', (value, active) => {
    expect(isFilterActive(value)).toBe(active);
  });
});

describe('listQuery', () => {
  it('leaves empty filters out and pages by 20', () => {
    expect(listQuery(NO_FILTERS, 0)).toEqual({ limit: 20, offset: 0 });
    expect(listQuery(filters({ search: '  allen ', company: 'Enron', strength: 'high' }), 2)).toEqual({
      search: 'allen',
      company: 'Enron',
      strength: 'high',
      limit: 20,
      offset: 40,
    });
    expect(listQuery(filters({ search: '   ' }), 1)).toEqual({ limit: 20, offset: 20 });
  });
});

describe('pagination', () => {
  it.each([
    // page, shown, total, next
    [0, 20, 45, true],
    [1, 20, 45, true],
    [2, 5, 45, false],
    [0, 20, 20, false],
    [0, 19, 45, false],
    [0, 0, 0, false],
    [1, 20, 40, false],
  ])('page %d showing %d of %d: next %s', (page, shown, total, next) => {
    expect(canGoNext(page, shown, total)).toBe(next);
  });

  it('Previous is enabled after the first page', () => {
    expect(canGoPrevious(0)).toBe(false);
    expect(canGoPrevious(1)).toBe(true);
  });

  it('reads the page counted from 1', () => {
    expect(paginationText(0, 20, 45)).toBe('Page 1 • Showing 20 of 45 total contacts');
    expect(paginationText(2, 5, 45)).toBe('Page 3 • Showing 5 of 45 total contacts');
  });
});

describe('showFilters', () => {
  it('shows when contacts exist or something narrows the list', () => {
    expect(showFilters(NO_FILTERS, 0)).toBe(false);
    expect(showFilters(NO_FILTERS, 3)).toBe(true);
    expect(showFilters(filters({ company: 'Enron' }), 0)).toBe(true);
    expect(showFilters(filters({ search: 'nobody' }), 0)).toBe(true);
  });
});

describe('emptyKind', () => {
  it.each([
    [NO_FILTERS, 'none'],
    [filters({ search: 'nobody' }), 'search'],
    [filters({ strength: 'medium' }), 'filters'],
    [filters({ search: 'nobody', company: 'Enron' }), 'filters'],
  ] as const)('%o → %s', (value, kind) => {
    expect(emptyKind(value)).toBe(kind);
  });
});
