import type { Locator } from '@playwright/test';

/**
 * Each element's text contrast against what is behind it, as WCAG 2 counts it (1 to 21): its
 * colour over the backgrounds of its ancestors, composed from the page's white. Colours are read
 * through a canvas, which turns any CSS colour (oklch, color-mix) into sRGB. In the browser's
 * words (e2e's types have no DOM).
 */
const CONTRASTS = `
  const canvas = document.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (css) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const over = ([r, g, b, a], [R, G, B]) => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const contrast = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] === 1) break;
    }
    const background = layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
    const text = over(rgba(getComputedStyle(element).color), background);
    const luminance = (rgb) => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  return elements.map((element) => ({ text: element.textContent, contrast: contrast(element) }));
`;

// A function made from the words above: Playwright sends a function's source and calls it with
// the elements (a string would be evaluated as an expression, not called). One call for them all.
const contrastsOf = new Function('elements', CONTRASTS) as (
  elements: unknown[],
) => { text: string; contrast: number }[];

export const textContrasts = (locator: Locator) => locator.evaluateAll(contrastsOf);
