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

/** The smallest target a finger can hit reliably, in CSS pixels (WCAG 2.5.5, Apple's and Google's guidelines). */
export const TOUCH_TARGET = 44;

/**
 * The controls a finger cannot hit reliably on a phone, as one line each (empty when none): for every
 * visible control (buttons, fields, selects, tabs, switches, links that are not words inside a
 * sentence), a 44 x 44 square centred on it must hit the control at its centre and the middles of
 * its sides, so a hit area widened
 * by padding or a pseudo-element counts and a neighbour in the way does not. A checkbox or radio
 * with a <label> is hit through its label. Disabled controls, toasts (they go away) and visually
 * hidden elements are left out. With `within`, only that element's descendants are checked.
 */
export async function smallTouchTargets(page: Page, within?: Locator): Promise<string[]> {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate(
    async ({ scope, size }) => {
      // Hit tests of a sheet still sliding in miss it: wait for every finite animation (a spinner never ends).
      const settling = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
      const problems: string[] = [];
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="combobox"]';
      const clippedAway = (element: Element) => {
        for (let node: Element | null = element; node; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)' || node.getAttribute('aria-hidden') === 'true')
            return true;
        }
        return false;
      };
      const nameOf = (element: Element) => {
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}> "${text}"`;
      };
      const controls = Array.from((scope ?? document.body).querySelectorAll<HTMLElement>(selector));
      for (const control of controls) {
        const style = getComputedStyle(control);
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
        // A disabled control takes no taps (and its pointer-events are off).
        if (control.matches(':disabled') || control.closest('[data-sonner-toaster]') || clippedAway(control)) continue;
        // A link that is words inside a sentence is exempt (WCAG 2.5.5's inline exception).
        if (control.tagName === 'A' && style.display === 'inline') continue;
        const input = control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio') ? control : null;
        const target: HTMLElement = input?.labels?.[0] ?? control;
        target.scrollIntoView({ block: 'center', inline: 'center' });
        const centre = target.getBoundingClientRect();
        const x = centre.left + centre.width / 2;
        const y = centre.top + centre.height / 2;
        // 1.5 px inside the square's edge: hit tests snap to whole pixels (a 40 px field still misses).
        const reach = size / 2 - 1.5;
        // The middles of the square's sides: its corners would fall outside rounded corners, which hits ignore.
        const points = [
          [x, y],
          [x - reach, y],
          [x + reach, y],
          [x, y - reach],
          [x, y + reach],
        ];
        const missedBy = points
          .map(([px, py]) => document.elementFromPoint(px!, py!))
          .filter((hit) => !hit || !target.contains(hit))
          .map((hit) => (hit ? nameOf(hit).slice(0, 30) : 'nothing'));
        if (missedBy.length > 0) {
          problems.push(
            `${nameOf(control)} ${Math.round(box.width)}x${Math.round(box.height)} (hits ${[...new Set(missedBy)].join(', ')})`,
          );
        }
      }
      window.scrollTo(0, 0);
      return [...new Set(problems)];
    },
    { scope: root, size: TOUCH_TARGET },
  );
}

/** A laptop: the other size the dashboard's loading is checked at. */
export const LAPTOP = { width: 1280, height: 800 } as const;

/** How late the slowed answers come: long enough that the page paints without them first, on any machine. */
const SLOW_ANSWER_MS = 1_000;

type LoadShifts = {
  /** The page's cumulative layout shift: the sum of the scores of every shift not caused by input. */
  score: number;
  /** One line per shift: its score, then each moved element with its box before and after. */
  shifts: string[];
};

type Recorder = { flush: () => void; lines: { score: number; line: string }[] };

type LoadShiftsOptions = {
  /** The paths of the API calls answered late. */
  slow: RegExp[];
  /** Something drawn from the slowed answers: once it shows, they have all been rendered. */
  ready: Locator;
  /** Scrolled to the middle of the screen as soon as it shows, as by a user heading for it. */
  reach?: Locator;
};

/**
 * Opens `path` with the API calls whose paths match `slow` answered SLOW_ANSWER_MS late (by the
 * real server), waits until every slowed answer has arrived and `ready` is visible, and returns
 * how much visible content moved meanwhile: Chromium's `layout-shift` entries without recent
 * input (a click that misses a jumping link starts in one).
 */
export async function loadShifts(page: Page, path: string, { slow, ready, reach }: LoadShiftsOptions): Promise<LoadShifts> {
  const isSlow = (url: URL) => slow.some((pattern) => pattern.test(url.pathname));
  await page.route(isSlow, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_ANSWER_MS));
    await route.fallback();
  });
  // Each slowed call's first answer (later ones, if the page asks again, are drawn like the first).
  const answered = Promise.all(slow.map((pattern) => page.waitForResponse((response) => pattern.test(new URL(response.url()).pathname))));
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const nameOf = (node: Node | null) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'a removed node';
      const text = (node.getAttribute('aria-label') ?? node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
      return `<${node.tagName.toLowerCase()}> "${text}"`;
    };
    const box = (rect: DOMRectReadOnly) =>
      `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    const lines: Recorder['lines'] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const shift of entries as Shift[]) {
        if (shift.hadRecentInput) continue;
        const moved = shift.sources.map((source) => `${nameOf(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
        lines.push({ score: shift.value, line: `${shift.value.toFixed(4)} at ${Math.round(shift.startTime)} ms: ${moved.join('; ')}` });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    const flush = () => record(observer.takeRecords());
    (window as unknown as { penmanLayoutShifts: Recorder }).penmanLayoutShifts = { flush, lines };
  });
  await page.goto(path);
  if (reach) await reach.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await answered;
  await ready.waitFor();
  const recorded = await page.evaluate(async () => {
    // Two frames: the last answer rendered and painted, so its shifts are reported; takeRecords() hands over any not yet delivered.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const { flush, lines } = (window as unknown as { penmanLayoutShifts: Recorder }).penmanLayoutShifts;
    flush();
    return lines;
  });
  await page.unroute(isSlow);
  return { score: recorded.reduce((sum, shift) => sum + shift.score, 0), shifts: recorded.map((shift) => shift.line) };
}
