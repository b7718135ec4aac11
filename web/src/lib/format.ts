const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  trailingZeroDisplay: 'stripIfInteger',
});

/** Dollars as the shop shows them: `$1,250`, `$12.50`. */
export const formatPrice = (dollars: number) => usd.format(dollars);
