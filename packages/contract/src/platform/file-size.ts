const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** File sizes in Bytes, KB, MB or GB, base 1024 (spec part 1 section 2, part 2 section 9). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** exponent;
  return `${exponent === 0 ? value : Number(value.toFixed(2))} ${SIZE_UNITS[exponent]}`;
}
