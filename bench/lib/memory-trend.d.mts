export function memoryTrend(rss: number[], tolerance?: number): { lows: number[]; flat: boolean };
