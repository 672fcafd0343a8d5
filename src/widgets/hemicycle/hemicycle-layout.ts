/**
 * Seat geometry of a parliament hemicycle: concentric half rings of seats in a unit half disc
 * (centre at 0,0, outer radius 1, seats above the baseline, SVG's y pointing down). Seats are
 * ordered from left to right across all rings, so consecutive seats given to one group form a
 * wedge, as in the usual parliament diagrams.
 */

/** One seat position. */
export interface SeatPosition {
  x: number;
  y: number;
  /** Angle from the right end of the baseline, in radians (π is the far left). */
  angle: number;
}

/** The layout of `total` seats. */
export interface HemicycleLayout {
  seats: SeatPosition[];
  /** Radius of one seat dot, in the same unit. */
  seatRadius: number;
  /** Radius of the innermost ring. */
  innerRadius: number;
}

/** Inner ring radius as a share of the outer one. */
const INNER = 0.4;

/** Number of rings so that seats are about as far apart along a ring as between rings. */
export function ringCount(total: number): number {
  // With rings from INNER to 1 spaced d = (1 - INNER) / (R - 1), the rings hold about
  // π · Σr / d ≈ 3.67 · R · (R - 1) seats; solve for R.
  return Math.max(1, Math.round((1 + Math.sqrt(1 + (4 * total) / 3.67)) / 2));
}

/** Lays out `total` seats (0 gives an empty layout). */
export function hemicycleLayout(total: number): HemicycleLayout {
  if (total <= 0) return {seats: [], seatRadius: 0, innerRadius: INNER};
  const rings = Math.min(ringCount(total), total);
  const radii = Array.from({length: rings}, (_, i) => (rings === 1 ? 1 : INNER + ((1 - INNER) * i) / (rings - 1)));
  const sum = radii.reduce((a, b) => a + b, 0);
  // Seats per ring in proportion to its length; the remainder goes to the rings that lost most in rounding.
  const exact = radii.map((r) => (total * r) / sum);
  const counts = exact.map(Math.floor);
  const byRemainder = exact.map((e, i) => ({i, rest: e - Math.floor(e)})).sort((a, b) => b.rest - a.rest || b.i - a.i);
  const missing = total - counts.reduce((a, b) => a + b, 0);
  for (let k = 0; k < missing; k++) counts[byRemainder[k % rings].i]++;

  const seats: SeatPosition[] = [];
  radii.forEach((r, ring) => {
    const n = counts[ring];
    for (let j = 0; j < n; j++) {
      const angle = n === 1 ? Math.PI / 2 : Math.PI * (1 - j / (n - 1));
      seats.push({x: r * Math.cos(angle), y: -r * Math.sin(angle), angle});
    }
  });
  seats.sort((a, b) => b.angle - a.angle || Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y));

  const ringGap = rings === 1 ? 0.5 : (1 - INNER) / (rings - 1);
  const outerCount = counts[rings - 1];
  const seatGap = outerCount > 1 ? Math.PI / (outerCount - 1) : 1;
  return {seats, seatRadius: Math.min(ringGap, seatGap) * 0.42, innerRadius: radii[0]};
}

/** Angle of the line between seat `count - 1` and seat `count` (left to right), for a majority mark. */
export function angleAfter(layout: HemicycleLayout, count: number): number | undefined {
  const {seats} = layout;
  if (count <= 0 || count >= seats.length) return undefined;
  return (seats[count - 1].angle + seats[count].angle) / 2;
}
