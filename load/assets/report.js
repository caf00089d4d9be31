// The HTML report's plots (src/report/html.ts inlines this file after uPlot and the data).
// Plain browser JavaScript: the page is one file that opens anywhere, with no build step.
(() => {
  const data = JSON.parse(document.getElementById('load-data').textContent);
  const PALETTE = [
    '#1f77b4',
    '#d62728',
    '#2ca02c',
    '#ff7f0e',
    '#9467bd',
    '#8c564b',
    '#e377c2',
    '#17becf',
    '#7f7f7f',
    '#bcbd22',
  ];
  const width = () => Math.max(320, Math.min(960, document.body.clientWidth - 48));
  const line = (label, index, scale) => ({
    label,
    stroke: PALETTE[index % PALETTE.length],
    width: 2,
    scale,
    spanGaps: false,
  });
  let drawn = 0;

  function plot(id, options, rows) {
    const target = document.getElementById(id);
    if (rows[0].length === 0) {
      target.textContent = 'Nothing was measured here.';
      return;
    }
    // uPlot is the global the inlined uPlot.iife.min.js defines.
    new uPlot({ width: width(), height: 260, ...options }, rows, target);
    drawn++;
  }

  const { series } = data;
  const seconds = { label: 's', value: (_, v) => (v == null ? '–' : `${v} s`) };
  const time = { x: { time: false } };
  plot(
    'throughput',
    {
      scales: time,
      series: [seconds, line('frames/s', 0, 'frames'), line('REST answers/s', 1, 'answers')],
      axes: [
        { label: 's' },
        { scale: 'frames', label: 'frames/s' },
        { scale: 'answers', side: 1, label: 'answers/s', grid: { show: false } },
      ],
    },
    [series.t, series.frames, series.answers],
  );
  plot(
    'open',
    {
      scales: time,
      series: [seconds, line('sockets open', 2, 'open'), line('REST failures/s', 1, 'failed')],
      axes: [
        { label: 's' },
        { scale: 'open', label: 'sockets' },
        { scale: 'failed', side: 1, label: 'failures/s', grid: { show: false } },
      ],
    },
    [series.t, series.open, series.failed],
  );
  plot(
    'latency',
    {
      scales: time,
      series: [
        seconds,
        line('added p50', 0, 'ms'),
        line('added p99', 1, 'ms'),
        line('REST p50', 2, 'ms'),
        line('REST p99', 3, 'ms'),
      ],
      axes: [{ label: 's' }, { scale: 'ms', label: 'ms' }],
    },
    [series.t, series.addedP50, series.addedP99, series.restP50, series.restP99],
  );

  // Percentile curves on HdrHistogram's axis: x = 1 / (1 − percentile), shown as the percentile,
  // ticks at 0 %, 50 %, 90 %, 99 %, 99.9 % …
  const percentile = (v) => {
    const p = 100 - 100 / v;
    return p < 99 ? `${Math.round(p)}%` : `${Number(p.toPrecision(6))}%`;
  };
  const TICKS = [1, 2, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7];
  function curves(id, list) {
    const shown = list.filter((curve) => curve.x.length > 0);
    if (shown.length === 0) {
      plot(id, {}, [[]]);
      return;
    }
    const rows = uPlot.join(shown.map((curve) => [curve.x, curve.y]));
    plot(
      id,
      {
        scales: { x: { time: false, distr: 3, log: 10 } },
        series: [
          { label: 'percentile', value: (_, v) => (v == null ? '–' : percentile(v)) },
          ...shown.map((curve, i) => ({ ...line(curve.name, i, 'ms'), spanGaps: true })),
        ],
        axes: [
          {
            label: 'percentile',
            splits: (u) => TICKS.filter((v) => v >= u.scales.x.min && v <= u.scales.x.max),
            // Every tick labelled: uPlot's own filter would keep only the powers of ten.
            filter: (_, splits) => splits,
            values: (_, splits) => splits.map((v) => (v == null ? '' : percentile(v))),
          },
          { scale: 'ms', label: 'ms' },
        ],
      },
      rows,
    );
  }
  curves('socket-curves', data.sockets);
  curves('rest-curves', data.rest);
  document.body.dataset.plots = String(drawn);
})();
