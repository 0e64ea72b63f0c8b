/**
 * Colour mode logic, pure so it is unit-tested for both configurations:
 * respectPrefersColorScheme false → the switch toggles light ↔ dark;
 * true → it cycles system → light → dark → system and follows the OS while no
 * explicit choice is stored.
 */
import type { SiteConfig } from '../../schema/site-config.ts';

export type ColorModeConfig = SiteConfig['colorMode'];
export type ColorMode = ColorModeConfig['defaultMode'];
export type ColorChoice = ColorMode | 'system';

/** What the stored value means; unknown values count as no choice. */
export function parseStored(value: string | null): ColorChoice | null {
  return value === 'light' || value === 'dark' || value === 'system' ? value : null;
}

/** The mode to show. */
export function resolveMode(config: ColorModeConfig, stored: ColorChoice | null, systemDark: boolean): ColorMode {
  const choice = stored ?? (config.respectPrefersColorScheme ? 'system' : config.defaultMode);
  if (choice === 'system')
    return config.respectPrefersColorScheme ? (systemDark ? 'dark' : 'light') : config.defaultMode;
  return choice;
}

/** The choice after one press of the switch. */
export function nextChoice(config: ColorModeConfig, current: ColorChoice | null, systemDark: boolean): ColorChoice {
  if (config.respectPrefersColorScheme) {
    const now = current ?? 'system';
    return now === 'system' ? 'light' : now === 'light' ? 'dark' : 'system';
  }
  return resolveMode(config, current, systemDark) === 'dark' ? 'light' : 'dark';
}
