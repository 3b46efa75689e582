const HUES = [250, 280, 200, 160, 20, 320, 45, 190];

/** A stable colour per project, so the same project looks the same everywhere. */
function projectHue(id: string): number {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return HUES[h % HUES.length] ?? 250;
}

/** The project's initial on its colour: in cards, the page head and the switcher. */
export function ProjectIcon({ id, name, small }: { id: string; name: string; small?: boolean }) {
  const hue = projectHue(id);
  return (
    <span
      className={small ? "project-icon small" : "project-icon"}
      aria-hidden
      style={{ background: `linear-gradient(135deg, hsl(${hue} 70% 52%), hsl(${hue + 40} 70% 42%))` }}
    >
      {name.trim().slice(0, 1).toUpperCase() || "?"}
    </span>
  );
}
