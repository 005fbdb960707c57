import { expect, type Locator } from '@playwright/test';

/**
 * A drawn chart's legend can be read: every item has a colour key of a visible size, and
 * the keys' colours are the drawn series' colours (a line's stroke, a bar's fill). Matched
 * as sets: recharts draws the series in another order than the legend lists them.
 */
export async function expectLegendKeysMatchSeries(panel: Locator) {
  const items = panel.locator('.mantine-ChartLegend-legendItem');
  await expect(items.first()).toBeVisible();
  const keys = await items.evaluateAll((legendItems) =>
    legendItems.map((item) => {
      const swatch = item.querySelector('.mantine-ChartLegend-legendItemColor');
      const colour = swatch?.querySelector('.mantine-ColorSwatch-colorOverlay');
      const box = swatch?.getBoundingClientRect();
      return {
        name: item.textContent,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        colour: colour ? getComputedStyle(colour).backgroundColor : null,
      };
    }),
  );
  for (const key of keys) {
    expect(key.width, `the key of "${key.name}"`).toBeGreaterThanOrEqual(8);
    expect(key.height, `the key of "${key.name}"`).toBeGreaterThanOrEqual(8);
  }
  const series = await panel.locator('.recharts-line path.recharts-curve, .recharts-bar').evaluateAll((drawn) =>
    drawn.map((element) => {
      const shape = element.matches('path') ? element : element.querySelector('.recharts-rectangle');
      if (!shape) return null;
      const style = getComputedStyle(shape);
      return element.matches('path') ? style.stroke : style.fill;
    }),
  );
  expect(keys.map((key) => key.colour).sort()).toEqual([...series].sort());
}
