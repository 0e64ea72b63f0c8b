import { useEffect, useState } from 'react';
import { useSite } from '../site-context.tsx';
import { nextChoice, parseStored, resolveMode, type ColorChoice, type ColorMode } from '../lib/color-mode.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';

const media = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : undefined);
function readStored(): ColorChoice | null {
  try {
    return parseStored(localStorage.getItem(STORAGE_KEYS.colorMode));
  } catch {
    return null;
  }
}

/** The light/dark switch. The no-flash part runs earlier, in boot/theme.ts. */
export function ColorModeToggle({ withLabel }: { withLabel?: boolean } = {}) {
  const { manifest } = useSite();
  const config = manifest.site.colorMode;
  const [choice, setChoice] = useState<ColorChoice | null>(null);
  const [mode, setMode] = useState<ColorMode | null>(null); // unknown during SSR and hydration

  useEffect(() => {
    const stored = readStored();
    setChoice(stored);
    setMode(resolveMode(config, stored, media()?.matches ?? false));
    const mq = media();
    if (!mq || !config.respectPrefersColorScheme) return;
    // Follow the OS while no explicit choice is stored.
    const onChange = () => {
      const s = readStored();
      if (!s || s === 'system') apply(resolveMode(config, s, mq.matches));
    };
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  const apply = (m: ColorMode) => {
    document.documentElement.setAttribute('data-theme', m);
    setMode(m);
  };

  if (config.disableSwitch) return null;
  const current = mode ?? config.defaultMode;
  const onClick = () => {
    const next = nextChoice(config, choice, media()?.matches ?? false);
    try {
      localStorage.setItem(STORAGE_KEYS.colorMode, next);
    } catch {
      /* private mode */
    }
    setChoice(next);
    apply(resolveMode(config, next, media()?.matches ?? false));
  };
  const label =
    config.respectPrefersColorScheme && (choice ?? 'system') === 'system' ? 'system mode' : `${current} mode`;
  return (
    <button
      type="button"
      className={`${withLabel ? 'menu-link' : 'navbar-button'} color-mode-toggle`}
      onClick={onClick}
      data-mode={mode ?? undefined}
      title={`Switch between dark and light mode (currently ${label})`}
      aria-label={`Switch between dark and light mode (currently ${label})`}
    >
      <svg viewBox="0 0 24 24" className="icon icon-sun" aria-hidden="true">
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path
          d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <svg viewBox="0 0 24 24" className="icon icon-moon" aria-hidden="true">
        <path
          d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {withLabel ? <span>{current === 'dark' ? 'Dark mode' : 'Light mode'}</span> : null}
    </button>
  );
}
