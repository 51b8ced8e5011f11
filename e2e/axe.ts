import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The WCAG 2.x A/AA violations axe-core finds on the page as it is now (or inside `selector`), one
 * line per rule with the first offending elements: empty when there is none.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  // Evaluated, not added as a <script>: Penman's Content-Security-Policy allows no inline script.
  await page.evaluate(axeSource);
  const results = await page.evaluate(
    (context) =>
      (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(context ?? document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      }),
    selector,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
}
