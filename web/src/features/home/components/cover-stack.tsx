interface CoverProps {
  x: number;
  y: number;
  angle: number;
  color: string;
  accent: string;
  dots: string;
}

/** One abstract comic cover: title plate, panel grid, a burst and halftone shading. */
function Cover({ x, y, angle, color, accent, dots }: CoverProps) {
  return (
    <g transform={`translate(${x} ${y}) rotate(${angle} 85 119)`}>
      <rect x="4" y="8" width="170" height="238" rx="10" fill="#0b0d22" opacity="0.35" />
      <rect width="170" height="238" rx="10" fill={color} />
      <rect width="170" height="238" rx="10" fill={`url(#${dots})`} />
      <rect x="12" y="12" width="146" height="30" rx="4" fill="#fff" />
      <rect x="20" y="20" width="86" height="7" rx="2" fill="#151936" />
      <rect x="20" y="31" width="54" height="4" rx="2" fill="#151936" opacity="0.45" />
      <rect x="12" y="52" width="146" height="100" rx="4" fill="#fff" opacity="0.2" />
      <circle cx="96" cy="102" r="34" fill={accent} />
      <path d="M40 138 62 84l14 30 12-22 22 46Z" fill="#151936" opacity="0.85" />
      <rect x="12" y="160" width="69" height="66" rx="4" fill="#fff" opacity="0.2" />
      <rect x="89" y="160" width="69" height="66" rx="4" fill="#151936" opacity="0.25" />
      <path d="M28 210c10-22 28-30 40-30" stroke="#fff" strokeWidth="4" strokeLinecap="round" fill="none" opacity="0.8" />
      <path d="M104 176h38M104 190h28M104 204h34" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.7" />
    </g>
  );
}

/** Decorative illustration for the home hero: three original, title-less comic covers. */
export function CoverStack({ className }: { className?: string }) {
  // One hero per page, so a fixed pattern id is unique.
  const dots = 'hero-cover-dots';
  return (
    <svg className={className} viewBox="0 0 420 380" aria-hidden="true" focusable="false">
      <defs>
        <pattern id={dots} width="9" height="9" patternUnits="userSpaceOnUse">
          <circle cx="4.5" cy="4.5" r="1.5" fill="#000" opacity="0.12" />
        </pattern>
      </defs>
      <Cover x={28} y={86} angle={-11} color="#6e56f5" accent="#ff4f8e" dots={dots} />
      <Cover x={222} y={78} angle={10} color="#ff4f8e" accent="#ffc73a" dots={dots} />
      <Cover x={124} y={48} angle={-2} color="#ff7a2f" accent="#ffc73a" dots={dots} />
      <g transform="translate(300 20)">
        <path d="M0 34C0 15 22 0 50 0s50 15 50 34-22 34-50 34c-6 0-12-1-17-2L10 78l8-20C7 52 0 44 0 34Z" fill="#fff" />
        <circle cx="28" cy="34" r="6" fill="#151936" />
        <circle cx="50" cy="34" r="6" fill="#151936" />
        <circle cx="72" cy="34" r="6" fill="#151936" />
      </g>
    </svg>
  );
}
