/** A pat of butter on its dish, drawn like the lucide icons (24 grid, 2px stroke, currentColor). */
export function ButterIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 20h20" />
      <path d="M4 11l4-4h12l-4 4z" fill="currentColor" fillOpacity={0.25} />
      <path d="M4 11h12v6H4z" />
      <path d="M16 17l4-4V7" />
    </svg>
  );
}
