/** Money for statements and breakdowns: integer cents as US dollars, always two decimals ("-$1,234.50"). */
export function formatMoney(cents: number): string {
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
