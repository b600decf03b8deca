// The scale curves as one SVG (written to bench/scale.svg by a full run, linked from
// BENCHMARKS.md): a row of small charts per framework, one chart per curve, the contract against
// the other variants of the same run. Hand-written SVG: no dependency for one picture.
import { FRAMEWORKS } from '../http/cases.mjs';
import { CURVES } from '../http/scale-cases.mjs';
import { cpuOf } from './format.mjs';

const W = 230;
const H = 170;
const PAD = { left: 44, right: 12, top: 26, bottom: 30 };
const COLOURS = { contract: '#c2410c', bare: '#2563eb', minimal: '#16a34a' };
const DASH = { contract: '', bare: '5 3', minimal: '2 3' };

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function panel(curve, figures, x0, y0) {
  const values = curve.variants.flatMap((variant) => curve.points.map((point) => cpuOf(figures?.[variant]?.[point.label]))).filter((v) => typeof v === 'number');
  const top = Math.max(1, ...values) * 1.15;
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  // Points are evenly spaced: the axes (routes, bytes, fields, codes) grow by factors, so this is a log axis.
  const px = (index) => x0 + PAD.left + (curve.points.length === 1 ? plotW / 2 : (index * plotW) / (curve.points.length - 1));
  const py = (value) => y0 + PAD.top + plotH - (value / top) * plotH;
  const out = [];
  out.push(`<text x="${x0 + W / 2}" y="${y0 + 14}" text-anchor="middle" font-size="11" font-weight="bold">${escape(curve.short)}</text>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top + plotH}" x2="${x0 + PAD.left + plotW}" y2="${y0 + PAD.top + plotH}" stroke="#999"/>`);
  out.push(`<line x1="${x0 + PAD.left}" y1="${y0 + PAD.top}" x2="${x0 + PAD.left}" y2="${y0 + PAD.top + plotH}" stroke="#999"/>`);
  for (const fraction of [0, 0.5, 1]) {
    const value = (top / 1.15) * fraction;
    out.push(`<text x="${x0 + PAD.left - 4}" y="${py(value) + 3}" text-anchor="end" font-size="9" fill="#555">${value.toFixed(0)}</text>`);
  }
  curve.points.forEach((point, index) => out.push(`<text x="${px(index)}" y="${y0 + H - 14}" text-anchor="middle" font-size="9" fill="#555">${escape(point.label)}</text>`));
  out.push(`<text x="${x0 + PAD.left + plotW / 2}" y="${y0 + H - 3}" text-anchor="middle" font-size="9" fill="#777">${escape(curve.axis)}</text>`);
  for (const variant of curve.variants) {
    const coords = curve.points.map((point, index) => [px(index), cpuOf(figures?.[variant]?.[point.label])]).filter(([, v]) => typeof v === 'number');
    if (coords.length === 0) continue;
    const path = coords.map(([x, v]) => `${x.toFixed(1)},${py(v).toFixed(1)}`).join(' ');
    out.push(`<polyline points="${path}" fill="none" stroke="${COLOURS[variant]}" stroke-width="2" stroke-dasharray="${DASH[variant]}"/>`);
    for (const [x, v] of coords) out.push(`<circle cx="${x.toFixed(1)}" cy="${py(v).toFixed(1)}" r="2.5" fill="${COLOURS[variant]}"><title>${variant}: ${v.toFixed(1)} µs</title></circle>`);
  }
  return out.join('\n');
}

/** The whole picture; `scale` is results.scale. */
export function scaleSvg(scale, { date = '' } = {}) {
  const frameworks = FRAMEWORKS.filter((framework) => scale?.[framework]);
  const width = 70 + CURVES.length * W;
  const height = 40 + frameworks.length * H;
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`];
  out.push(`<rect width="${width}" height="${height}" fill="white"/>`);
  out.push(`<text x="8" y="18" font-size="12">CPU µs per request (median) by size; points evenly spaced (log x axes); ${escape(date)}</text>`);
  Object.entries(COLOURS).forEach(([variant, colour], index) => {
    const x = width - 300 + index * 95;
    out.push(`<line x1="${x}" y1="14" x2="${x + 22}" y2="14" stroke="${colour}" stroke-width="2" stroke-dasharray="${DASH[variant]}"/><text x="${x + 26}" y="18" font-size="11">${variant}</text>`);
  });
  frameworks.forEach((framework, row) => {
    const y0 = 30 + row * H;
    const middle = y0 + H / 2;
    out.push(`<text x="24" y="${middle}" text-anchor="middle" font-size="12" font-weight="bold" transform="rotate(-90 24 ${middle})">${framework}</text>`);
    CURVES.forEach((curve, column) => out.push(panel(curve, scale[framework][curve.key], 60 + column * W, y0)));
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
