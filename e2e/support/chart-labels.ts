import type { Locator } from '@playwright/test';

/**
 * What is wrong with a chart's labels as drawn: a label on more than one line, a label running into
 * another, or out of the chart. Only the text that shows counts (a label cut with an ellipsis is as
 * wide as its box). In the browser's words (e2e's types have no DOM), called with the chart.
 */
const LABEL_PROBLEMS = `
  const area = root.querySelector('svg')?.getBoundingClientRect();
  if (!area) return ['no chart drawn'];
  const drawn = [...root.querySelectorAll('.ct-label')].flatMap((label) => {
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) if (walker.currentNode.data.trim()) texts.push(walker.currentNode);
    return texts.map((text) => {
      const range = document.createRange();
      range.selectNodeContents(text);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      let { left, right, top, bottom } = range.getBoundingClientRect();
      for (let at = text.parentElement; at && at !== label.parentElement; at = at.parentElement) {
        if (getComputedStyle(at).overflowX === 'visible') continue;
        const clip = at.getBoundingClientRect();
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
        [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      }
      return { text: text.data, lines, left, right, top, bottom };
    });
  });
  const problems = [];
  drawn.forEach((a, index) => {
    if (a.lines > 1) problems.push(a.text + ': ' + a.lines + ' lines');
    if (a.left < area.left - 1 || a.right > area.right + 1 || a.bottom > area.bottom + 1)
      problems.push(a.text + ': out of the chart');
    for (const b of drawn.slice(index + 1))
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        problems.push(a.text + ' runs into ' + b.text);
  });
  return problems;
`;

// Playwright sends a function's source and calls it with the element (see contrast.ts).
const problemsOf = new Function('root', LABEL_PROBLEMS) as (root: unknown) => string[];

export const labelProblems = (chart: Locator) => chart.evaluate(problemsOf);
