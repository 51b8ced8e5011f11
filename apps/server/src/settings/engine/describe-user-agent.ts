import Bowser from 'bowser';

export type DeviceDescription = { browser: string; device: string };

const UNKNOWN_BROWSER = 'Unknown browser';
const UNKNOWN_DEVICE = 'Unknown device';
const PLATFORM_NAMES: Record<string, string> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', tv: 'TV' };

/**
 * What the sessions list shows for a session's User-Agent: "Chrome 131" on "Linux computer",
 * "Safari 17" on "iPhone". Only the major version: the rest is noise to a person.
 */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: UNKNOWN_BROWSER, device: UNKNOWN_DEVICE };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : UNKNOWN_BROWSER;
  const platform = parsed.platform.type ? PLATFORM_NAMES[parsed.platform.type] : undefined;
  const device = parsed.platform.model
    ? parsed.platform.model
    : parsed.os.name && platform
      ? `${parsed.os.name} ${platform.toLowerCase()}`
      : (parsed.os.name ?? platform ?? UNKNOWN_DEVICE);
  return { browser, device };
}
