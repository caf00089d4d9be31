import { describe, expect, it } from 'vitest';
import { figuresOf } from '../result/figures.js';
import type { Result } from '../result/schema.js';
import { busyResult, START } from '../test-support/results.js';
import { pageData, reportHtml } from './html.js';
import { restShortfallNote, saturationNote, summarySections } from './summary.js';
import { summaryTable } from './table.js';

describe('the summary', () => {
  const figures = figuresOf(busyResult());

  it('prints every section with its figures', () => {
    const text = summaryTable('headline', summarySections(figures));
    expect(text).toMatch(/^headline\n\nsockets\n/);
    expect(text).toContain('handshakes refused');
    expect(text).toContain('1 (http 429 × 1)');
    expect(text).toMatch(/delivered\s+100\.00 % \(100 of 100\)/);
    expect(text).toMatch(/getBalance\s+50\s+5\.0\/s/);
    expect(text).toMatch(/all\s+100\s+10\.0\/s/);
    expect(text).toContain('generator 1 20 %');
  });

  it('says nothing of saturation for a generator at ease, and what to do for a busy one', () => {
    expect(saturationNote(figures)).toBeUndefined();
    const busy = busyResult();
    const machine = busy.machines[0];
    if (!machine) throw new Error('no machine');
    const saturated = figuresOf({
      ...busy,
      machines: [
        { ...machine, generators: [{ name: 'generator 1', cpuSeconds: 9.5, wallSeconds: 10 }] },
      ],
    });
    expect(saturationNote(saturated)).toContain('generator 1 95 %');
    expect(saturationNote(saturated)).toContain('pipstream-load merge');
  });
});

describe('the HTML page', () => {
  it('has a point for every second of the window, the empty ones as zeros and gaps', () => {
    const result = busyResult();
    const data = pageData({ ...result, series: result.series.filter((_, i) => i !== 3) });
    expect(data.series.t).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(data.series.frames[3]).toBe(0);
    expect(data.series.restP99[3]).toBeNull();
    expect(data.series.open[3]).toBe(50);
    expect(data.series.frames[0]).toBe(10);
    expect(data.series.addedP99[0]).toBeCloseTo(14, 1);
    expect(data.sockets.map((curve) => curve.name)).toEqual([
      'added latency',
      'time to first tick',
    ]);
    expect(data.rest.map((curve) => curve.name)).toEqual(['getBalance', 'tradeList']);
  });

  it('draws percentile curves rising to the largest sample', () => {
    const [added] = pageData(busyResult()).sockets;
    expect(added?.x[0]).toBe(1);
    expect(added?.y.at(-1)).toBeCloseTo(14, 1);
    const ys = added?.y ?? [];
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it('is one self-contained file whose data cannot close its script', () => {
    const busy = busyResult();
    // A merged file may name anything: a route name is data, not markup.
    const hostile = '</script><script>alert(1)</script>';
    const result = {
      ...busy,
      target: 'http://</script><b>x',
      rest: { ...busy.rest, [hostile]: busy.rest.getBalance as Result['rest'][string] },
    };
    const html = reportHtml(result, figuresOf(result), `started ${new Date(START).toISOString()}`);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
    expect(html).toContain('uPlot');
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;x');
    expect(html).not.toContain(hostile);
    const data = /<script id="load-data" type="application\/json">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(data).not.toContain('</');
    expect(JSON.parse(data ?? '')).toEqual(JSON.parse(JSON.stringify(pageData(result))));
  });
});

describe('the REST rate', () => {
  it('says when the mix answered well below the rate asked for, and how to reach it', () => {
    const figures = figuresOf(busyResult());
    expect(restShortfallNote(figures, 10)).toBeUndefined();
    expect(restShortfallNote(figures, 0)).toBeUndefined();
    expect(restShortfallNote(figures, 20)).toBe(
      'REST: 10.0 answers a second of the 20 asked for — each connection waits for its answer before the next request: more --rest-connections reach the rate.',
    );
  });
});
