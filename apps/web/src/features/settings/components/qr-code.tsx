import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn here as SVG from the `qrcode` library's module matrix: the secret it holds never
 * leaves the page (no image service, no data: URL), and the CSP needs nothing new.
 */
export function QrCode({ value, label, size = 192 }: { value: string; label: string; size?: number }) {
  const { path, modules } = useMemo(() => {
    const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
    const count = qr.modules.size;
    let d = '';
    for (let row = 0; row < count; row += 1) {
      for (let column = 0; column < count; column += 1) {
        if (qr.modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { path: d, modules: count + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      className="rounded-md border bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
