/**
 * Three dots in a row, the sign of a menu of more actions: drawn, not a character, so it is the same
 * size in every browser (the ellipsis character comes from whatever font a system falls back to, and
 * some draw it wider than a small round button). Decoration: the button names itself.
 */
export function MoreIcon() {
  return (
    <svg
      style={{ display: 'block', margin: 'auto' }}
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 18 18"
      fill="currentColor"
    >
      <circle cx="3" cy="9" r="1.7" />
      <circle cx="9" cy="9" r="1.7" />
      <circle cx="15" cy="9" r="1.7" />
    </svg>
  );
}
