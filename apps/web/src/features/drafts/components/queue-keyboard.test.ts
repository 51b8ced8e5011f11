import { describe, expect, it } from 'vitest';
import { isTypingTarget, moveSelection, type QueueKeyPress, queueKeyAction } from './queue-keyboard.ts';

const press = (key: string, extra: Partial<QueueKeyPress> = {}): QueueKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  dialogOpen: false,
  ...extra,
});

describe('queue shortcuts', () => {
  it.each([
    ['j', 'next'],
    ['k', 'previous'],
    ['a', 'approve'],
    ['e', 'edit'],
    ['r', 'reject'],
    ['b', 'buyTime'],
    ['x', null],
    ['J', null],
    ['Enter', null],
  ])('%s -> %s', (key, action) => {
    expect(queueKeyAction(press(key))).toBe(action);
  });

  it('leaves keys to fields, dialogs and the browser', () => {
    expect(queueKeyAction(press('a', { typing: true }))).toBeNull();
    expect(queueKeyAction(press('a', { dialogOpen: true }))).toBeNull();
    expect(queueKeyAction(press('r', { ctrlKey: true }))).toBeNull();
    expect(queueKeyAction(press('r', { metaKey: true }))).toBeNull();
    expect(queueKeyAction(press('j', { altKey: true }))).toBeNull();
  });

  it.each([
    [{ tagName: 'TEXTAREA' }, true],
    [{ tagName: 'SELECT' }, true],
    [{ tagName: 'INPUT', type: 'text' }, true],
    [{ tagName: 'INPUT', type: 'search' }, true],
    [{ tagName: 'INPUT', type: 'checkbox' }, false],
    [{ tagName: 'BUTTON' }, false],
    [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'LI' }, false],
    [null, false],
  ])('typing at %o: %s', (target, typing) => {
    expect(isTypingTarget(target)).toBe(typing);
  });
});

describe('moving the selection', () => {
  const ids = ['a', 'b', 'c'];
  it.each([
    [undefined, 1, 'a'],
    [undefined, -1, 'a'],
    ['a', 1, 'b'],
    ['b', -1, 'a'],
    ['c', 1, 'c'],
    ['a', -1, 'a'],
    ['gone', 1, 'a'],
  ] as const)('from %s by %i -> %s', (current, delta, expected) => {
    expect(moveSelection(ids, current, delta)).toBe(expected);
  });

  it('selects nothing in an empty queue', () => {
    expect(moveSelection([], 'a', 1)).toBeUndefined();
  });
});
