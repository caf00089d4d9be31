/**
 * The time axis's labels kept inside the chart: uPlot centres each label on its tick, so a tick
 * near the chart's left or right edge would have its label cut by the edge. Such a label is
 * left out (uPlot draws nothing for `null`); its neighbours still tell the time.
 */

/** A label to draw: its text, its tick's x and its width, CSS px from the chart's left. */
export interface AxisLabel {
  readonly text: string;
  readonly x: number;
  readonly width: number;
}

/** The clear space a label keeps from the chart's edges, CSS px. */
const EDGE_PX = 2;

/** The texts of `labels`, each `null` where the label would come within EDGE_PX of an edge. */
export function labelsInside(labels: readonly AxisLabel[], chartWidth: number): (string | null)[] {
  return labels.map(({ text, x, width }) =>
    x - width / 2 < EDGE_PX || x + width / 2 > chartWidth - EDGE_PX ? null : text,
  );
}
