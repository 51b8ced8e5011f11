import type { Locator, Page } from '@playwright/test';

/** A phone: the size the issue was found at (iPhone X/11 Pro, CSS pixels). */
export const PHONE = { width: 375, height: 812 } as const;

/**
 * What a person on a narrow screen would see cut off, as one line per problem (empty when none):
 * - the page scrolls sideways (`scrollWidth` wider than the window);
 * - a visible element lies beyond the left or right edge, where no ancestor clips it;
 * - a box scrolls sideways with no visible sign of it (content cut at the box's edge: the heatmap
 *   "cut at hour 15"); a box that means to scroll says so with `data-scroll-hint` and shows a hint;
 * - a placeholder is wider than its field (the text is cut).
 * With `within`, only that element and its descendants are checked (a dialog), against the
 * window's edges and also its bottom: nothing of a dialog may lie below the screen.
 */
export async function layoutProblems(page: Page, within?: Locator): Promise<string[]> {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const nameOf = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const label = element.getAttribute('aria-label') ?? element.getAttribute('placeholder') ?? '';
      return `<${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}>${text ? ` "${text}"` : ''}`;
    };
    if (!scope && document.documentElement.scrollWidth > width) {
      problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    }
    const top = scope ?? document.body;
    const elements = [top, ...Array.from(top.querySelectorAll('*'))];
    // Visually hidden on purpose (sr-only: clipped to nothing), with everything inside.
    const clippedAway = (style: CSSStyleDeclaration) => style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)';
    for (const element of elements) {
      if (!(element instanceof HTMLElement || element instanceof SVGElement)) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Visible part: cut by every ancestor that clips its overflow.
      let left = box.left;
      let right = box.right;
      let bottom = box.bottom;
      let hiddenByClip = clippedAway(style);
      for (let parent = element.parentElement; parent && !hiddenByClip; parent = parent.parentElement) {
        const parentStyle = getComputedStyle(parent);
        if (clippedAway(parentStyle)) {
          hiddenByClip = true;
          break;
        }
        if (parentStyle.overflowX !== 'visible') {
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (parentStyle.overflowY !== 'visible') bottom = Math.min(bottom, parent.getBoundingClientRect().bottom);
        if (right <= left) {
          hiddenByClip = true;
          break;
        }
      }
      if (hiddenByClip || (box.width <= 1 && box.height <= 1)) continue;
      if (right > width + 0.5 || left < -0.5) {
        problems.push(`${nameOf(element)} spans x=${Math.round(left)}..${Math.round(right)}`);
      }
      if (scope && bottom > height + 0.5) problems.push(`${nameOf(element)} ends at y=${Math.round(bottom)}, below the screen`);
      const scrollsSideways = (style.overflowX === 'auto' || style.overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1;
      if (scrollsSideways && !element.closest('[data-scroll-hint]')) {
        problems.push(`${nameOf(element)} scrolls sideways (${element.scrollWidth}px in ${element.clientWidth}px) with no sign of it`);
      }
      if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.placeholder && !element.value) {
        const placeholder = getComputedStyle(element, '::placeholder');
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${placeholder.fontStyle} ${placeholder.fontWeight} ${placeholder.fontSize} ${placeholder.fontFamily}`;
        const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        const needed = context.measureText(element.placeholder).width;
        if (element instanceof HTMLInputElement && needed > room + 0.5) {
          problems.push(`${nameOf(element)} cuts its placeholder (${Math.round(needed)}px in ${Math.round(room)}px)`);
        }
      }
    }
    return [...new Set(problems)];
  }, root);
}
