// Whole numbers with thousands separators for messages and reports (1234567 → "1,234,567"), shared by every
// layer. Pure. Not Intl: its first use starts ICU, ~14 ms and ~8 MiB of preview's start-up.

export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
