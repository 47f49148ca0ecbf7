const round = (value) => (Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(2));

/** The results as a Markdown table, with the machine they were measured on. */
export function markdown({ machine, size, rows }) {
  const lines = [
    `# Benchmarks (${size})`,
    '',
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}; ${machine.date}.`,
    '',
    '| Measure | Figure | Reference | Ratio | Goal |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const row of rows) {
    const ratio =
      row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}${row.ratioLabel ? ` ${row.ratioLabel}` : ''}`;
    const goal = row.goal ? `${row.goal}: ${row.met ? 'met' : '**not met**'}` : '';
    lines.push(
      `| ${row.measure} | ${round(row.value)} ${row.unit} | ${row.reference ?? ''} | ${ratio} | ${goal} |`,
    );
  }
  for (const skipped of rows.skipped ?? []) lines.push(`| ${skipped} | skipped | | | |`);
  return `${lines.join('\n')}\n`;
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every ratio as a bar against 1, the line where the thing measured equals its reference. */
export function svg({ machine, rows }) {
  const bars = rows.filter((row) => row.ratio !== undefined);
  const width = 760;
  const left = 330;
  const scale = (width - left - 60) / Math.max(2, ...bars.map((row) => row.ratio));
  const height = 60 + bars.length * 34;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="20" font-size="14" font-weight="bold">Ratios to each reference (1 = same cost)</text>`,
    `<text x="10" y="38" fill="#555">${escape(`${machine.cpu}, Node ${machine.node}`)}</text>`,
  ];
  bars.forEach((row, index) => {
    const y = 52 + index * 34;
    // Rows whose measure is too long for the chart give a short `chart` label of their own.
    const name = row.chart ?? row.measure;
    const label = name.length > 52 ? `${name.slice(0, 50)}…` : name;
    parts.push(
      `<text x="10" y="${y + 15}">${escape(label)}</text>`,
      `<rect x="${left}" y="${y}" width="${Math.max(1, row.ratio * scale)}" height="20" fill="${row.met === false ? '#d9534f' : '#4a7bd0'}"/>`,
      `<text x="${left + row.ratio * scale + 6}" y="${y + 15}">${row.ratio.toFixed(2)}${row.ratioLabel ? ` ${escape(row.ratioLabel)}` : ''}</text>`,
    );
  });
  parts.push(
    `<line x1="${left + scale}" y1="46" x2="${left + scale}" y2="${height - 6}" stroke="#333" stroke-dasharray="4 3"/>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
