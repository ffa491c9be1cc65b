const SIZES = { 20: "size-5", 24: "size-6", 26: "size-[26px]" } as const;

/** The header's icons (their shapes are masks in tailwind.css), for the eye only: the text beside them says what they are. */
export function Icon({ name, size = 24 }: { name: "inbox" | "bell" | "user" | "cart" | "search"; size?: keyof typeof SIZES }) {
  return <span aria-hidden="true" className={`icon icon-${name} ${SIZES[size]}`} />;
}
