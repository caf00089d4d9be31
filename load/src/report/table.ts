/** The summary on a terminal: one borderless table per section (cli-table3). */
import Table from 'cli-table3';
import type { Section } from './summary.js';

const NO_BORDER = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '  ',
  'left-mid': '',
  mid: '',
  'mid-mid': '',
  right: '',
  'right-mid': '',
  middle: '  ',
};

function render(section: Section): string {
  const table = new Table({
    ...(section.head && { head: [...section.head] }),
    chars: NO_BORDER,
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
    // Figures to the right, labels to the left.
    colAligns: section.head
      ? section.head.map((_, i) => (i === 0 ? 'left' : 'right'))
      : ['left', 'left'],
  });
  for (const row of section.rows) table.push([...row]);
  return `${section.title}\n${table.toString()}`;
}

export function summaryTable(headline: string, sections: readonly Section[]): string {
  return [headline, ...sections.map(render)].join('\n\n');
}
