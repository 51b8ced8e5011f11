import { CONTACT_MESSAGES, CONTACTS_PAGE_SIZE, type InteractionFrequency, type ListContactsQuery } from '@penman/contract';

/** What the user narrowed the list to; '' means no search / all companies / all strengths. */
export type ContactFilters = { search: string; company: string; strength: InteractionFrequency | '' };

export const NO_FILTERS: ContactFilters = { search: '', company: '', strength: '' };

/** A company or strength filter is set (the search box is not a filter: it has its own empty state). */
export function isFilterActive(filters: ContactFilters): boolean {
  return filters.company !== '' || filters.strength !== '';
}

/** The listing query of one page; empty filters are left out. */
export function listQuery(filters: ContactFilters, page: number): ListContactsQuery {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.company ? { company: filters.company } : {}),
    ...(filters.strength ? { strength: filters.strength } : {}),
    limit: CONTACTS_PAGE_SIZE,
    offset: page * CONTACTS_PAGE_SIZE,
  };
}

/** Next is enabled only when this page is full and more contacts remain (spec part 2 section 9). */
export function canGoNext(page: number, shown: number, total: number): boolean {
  return shown === CONTACTS_PAGE_SIZE && (page + 1) * CONTACTS_PAGE_SIZE < total;
}

export function canGoPrevious(page: number): boolean {
  return page > 0;
}

/** 'Page N • Showing X of Y total contacts', N counted from 1. */
export function paginationText(page: number, shown: number, total: number): string {
  return CONTACT_MESSAGES.pagination(page + 1, shown, total);
}

/** Filters show when contacts exist, and stay while a search or filter is narrowing the list so it can be undone. */
export function showFilters(filters: ContactFilters, total: number): boolean {
  return total > 0 || isFilterActive(filters) || filters.search.trim() !== '';
}

export type EmptyKind = 'filters' | 'search' | 'none';

/** Which empty state an empty page shows: filters first, then the search, else none yet. */
export function emptyKind(filters: ContactFilters): EmptyKind {
  if (isFilterActive(filters)) return 'filters';
  if (filters.search.trim() !== '') return 'search';
  return 'none';
}
