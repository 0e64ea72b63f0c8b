import { useEffect, useState } from 'react';
import { useSite } from '../site-context.tsx';
import { fetchIcons, type IconData } from '../lib/icons.ts';

/** An icon from the build's icon set; a missing key is fetched once from the icon API. */
export function Icon({ name, className }: { name: string; className?: string }) {
  const { manifest } = useSite();
  const [icon, setIcon] = useState<IconData | undefined>(manifest.icons[name]);
  useEffect(() => {
    if (icon) return;
    const [prefix, key] = name.split(':');
    let live = true;
    fetchIcons(prefix, [key]).then(
      (icons) => {
        if (live && icons[name]) setIcon(icons[name]);
      },
      () => {
        // An icon that cannot load stays blank: the label beside it carries the meaning.
      },
    );
    return () => {
      live = false;
    };
  }, [name, icon]);
  if (!icon) return <span className={`icon icon-blank ${className ?? ''}`} aria-hidden="true" />;
  return (
    <svg
      className={`icon ${className ?? ''}`}
      viewBox={`0 0 ${icon.width} ${icon.height}`}
      aria-hidden="true"
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}
