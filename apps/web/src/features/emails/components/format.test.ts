import { EMAILS_PAGE_SIZE } from '@penman/contract';
import { describe, expect, it } from 'vitest';
import { formatSender, pageInfo } from './format.ts';
import { listParamsFrom, withListChange } from './list-params.ts';

describe('formatSender', () => {
  it.each([
    ['Carla Finch', 'cfo@finance.example', 'Carla Finch <cfo@finance.example>'],
    [null, 'cfo@finance.example', 'cfo@finance.example'],
    ['cfo@finance.example', 'cfo@finance.example', 'cfo@finance.example'],
    ['  ', 'x@example.com', 'x@example.com'],
    ['Only Name', null, 'Only Name'],
    [null, null, '(unknown sender)'],
  ])('%s / %s reads %s', (name, email, text) => {
    expect(formatSender(name, email)).toBe(text);
  });
});

describe('paging', () => {
  it.each([
    [0, 91, { page: 1, pages: 4, hasPrevious: false, hasNext: true }],
    [50, 91, { page: 3, pages: 4, hasPrevious: true, hasNext: true }],
    [75, 91, { page: 4, pages: 4, hasPrevious: true, hasNext: false }],
    [0, 25, { page: 1, pages: 1, hasPrevious: false, hasNext: false }],
    [0, 26, { page: 1, pages: 2, hasPrevious: false, hasNext: true }],
    [0, 0, { page: 1, pages: 1, hasPrevious: false, hasNext: false }],
  ])('offset %d of %d', (offset, total, expected) => {
    expect(pageInfo(offset, EMAILS_PAGE_SIZE, total)).toEqual(expected);
  });
});

describe('list state in the address', () => {
  const account = '0b7c1a52-1f7e-4c3a-9a55-3f2f5b8d9e01';

  it('reads account, search and page, ignoring what is malformed', () => {
    expect(listParamsFrom(new URLSearchParams(`account=${account}&q=%20budget%20&page=3`))).toEqual({
      accountId: account,
      search: 'budget',
      offset: 50,
      page: 3,
    });
    expect(listParamsFrom(new URLSearchParams('account=nope&q=%20%20&page=-4'))).toEqual({
      accountId: undefined,
      search: undefined,
      offset: 0,
      page: 1,
    });
    expect(listParamsFrom(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('starts again at page 1 when the account or the search changes, and keeps the rest', () => {
    const current = new URLSearchParams(`account=${account}&q=budget&page=3`);
    expect(withListChange(current, { search: 'gas' }).toString()).toBe(`account=${account}&q=gas`);
    expect(withListChange(current, { accountId: undefined }).toString()).toBe('q=budget');
    expect(withListChange(current, { search: undefined }).toString()).toBe(`account=${account}`);
    expect(withListChange(current, { page: 4 }).toString()).toBe(`account=${account}&q=budget&page=4`);
    expect(withListChange(current, { page: 1 }).toString()).toBe(`account=${account}&q=budget`);
  });
});
